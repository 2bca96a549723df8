import { expect, type Locator, type Page } from '@playwright/test';
import { COMPTES, MOT_DE_PASSE, type Compte } from './comptes';

/** The sign-in page ('Connexion'). */
export class ConnexionPage {
  readonly identifiant: Locator;
  readonly motDePasse: Locator;
  readonly seConnecter: Locator;
  readonly erreur: Locator;

  constructor(readonly page: Page) {
    this.identifiant = page.getByLabel('Identifiant');
    this.motDePasse = page.getByLabel('Mot de passe');
    this.seConnecter = page.getByRole('button', { name: 'Se connecter' });
    this.erreur = page.getByRole('alert');
  }

  async ouvrir(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.seConnecter).toBeVisible();
  }

  async connecter(login: string, motDePasse = MOT_DE_PASSE): Promise<void> {
    await this.identifiant.fill(login);
    await this.motDePasse.fill(motDePasse);
    await this.seConnecter.click();
  }

  /** Signs in as a demo account and waits until the app has left the sign-in page. */
  async connecterCompte(compte: Compte): Promise<void> {
    await this.ouvrir();
    await this.connecter(COMPTES[compte].login);
    // A sign-in hashes the password on a server that may be busy with other specs' PDFs: a clean
    // -clone run saw the button still pending after 10 s on 2 loaded cores.
    await expect(this.page).not.toHaveURL(/\/login$/, { timeout: 30_000 });
  }
}
