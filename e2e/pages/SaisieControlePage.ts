import { expect, type Locator, type Page } from '@playwright/test';
import { completerGrille } from './grilleComplete';
import { ecrireTable, lireTable, type Enregistrement } from './Idb';

/** The control entry page (/controle/saisie?ids=…). */
export class SaisieControlePage {
  readonly suivant: Locator;
  readonly enregistrer: Locator;

  constructor(readonly page: Page) {
    this.suivant = page.getByRole('button', { name: 'Suivant', exact: true });
    this.enregistrer = page.getByRole('button', { name: 'Enregistrer', exact: true });
  }

  async ouvrir(ids: string[]): Promise<void> {
    await this.page.goto(`/controle/saisie?ids=${ids.join(',')}`);
    await expect(this.page.getByRole('button', { name: 'Informations générales' })).toBeVisible();
  }

  /**
   * Opens a control at step 4: the form builds its grid and saves it, the grid is completed in
   * the device store (steps 1 to 3 belong to the entry form's own tests), the form reopens.
   */
  async ouvrirEtape4(controle: Enregistrement): Promise<void> {
    await this.ouvrir([controle.id]);
    await this.enregistrer.click();
    await expect(this.page.getByText('Le contrôle a été sauvegardé')).toBeVisible();
    const enregistre = (await lireTable(this.page, 'controles')).find((c) => c.id === controle.id);
    if (!enregistre) throw new Error(`contrôle ${controle.id} absent de l’appareil`);
    await ecrireTable(this.page, 'controles', [
      { ...enregistre, grille: completerGrille(enregistre), etapeSaisie: 4 },
    ]);
    await this.page.reload();
  }

  onglet(nom: string | RegExp): Locator {
    return this.page.getByRole('tab', { name: nom });
  }

  /** Types an exploitation value; the grid receives it after the 300 ms pause. */
  async valeurExploitation(code: string, valeur: string): Promise<void> {
    await this.page.locator(`input[data-code="${code}"]`).fill(valeur);
  }

  valeurCalculee(code: string): Locator {
    return this.page.locator(`input[data-code="${code}"]`);
  }

  entree(code: string, aopIgpId: string): Locator {
    return this.page.getByTestId(`entree-${code}-${aopIgpId}`);
  }

  async ignorerGroupe(libelle: string): Promise<void> {
    await this.page.getByRole('checkbox', { name: `Inclure ${libelle}` }).click();
    await expect(this.page.getByText('Voulez-vous ignorer ce groupe de saisie ?')).toBeVisible();
    await this.page.getByRole('button', { name: 'OK' }).click();
  }

  /** Sets SO on every entry of the open tab still without a conformity. */
  async completerOngletEnSO(): Promise<void> {
    const controles = this.page.locator('[data-testid^="conformite-"]');
    for (const c of await controles.all()) {
      if ((await c.locator('input:checked').count()) === 0)
        await c.getByText('SO', { exact: true }).click();
    }
  }
}
