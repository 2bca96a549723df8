import { expect, type Locator, type Page } from '@playwright/test';

/** A calendar day in Paris, 'yyyy-mm-dd', `n` days from today. */
export function jourParis(n: number): string {
  const d = new Date(Date.now() + n * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);
}
const jourSemaine = (jour: string) => new Date(`${jour}T12:00:00Z`).getUTCDay();

/** The first day after today that is not a Sunday, and the first Sunday after today. */
export function joursDeControle(): { ouvre: string; dimanche: string } {
  let ouvre = '';
  let dimanche = '';
  for (let n = 1; n <= 8 && (!ouvre || !dimanche); n++) {
    const j = jourParis(n);
    if (jourSemaine(j) === 0) dimanche ||= j;
    else ouvre ||= j;
  }
  return { ouvre, dimanche };
}

/** '24/11/2026' */
export const dateFr = (jour: string) => jour.split('-').reverse().join('/');

/** The programming dashboard and the round creation wizard (spec part 1 §2). */
export class ProgrammationPage {
  readonly dialogue: Locator;
  readonly panier: Locator;
  readonly controles: Locator;
  readonly suivant: Locator;

  constructor(readonly page: Page) {
    this.dialogue = page.getByRole('dialog');
    this.panier = page.getByRole('region', { name: 'Panier des opérateurs' });
    this.controles = page.getByRole('region', { name: 'Contrôles' });
    this.suivant = page.getByRole('button', { name: 'Suivant', exact: true });
  }

  async ouvrir(): Promise<void> {
    await this.page.goto('/tournee?onglet=programmation');
    // The tab's chunk loads after the shell: on a loaded machine, longer than 10 s.
    await expect(this.page.getByRole('button', { name: 'Créer une tournée' })).toBeVisible({
      timeout: 30_000,
    });
  }

  carte(nom: string): Locator {
    return this.page.getByRole('article', { name: `Contrôle de ${nom}` });
  }

  /**
   * Waits for a toast that follows server calls: on a loaded machine the calls may take longer
   * than the usual 10 s, and the toast stays 5 s once it shows.
   */
  async attendreToast(texte: string): Promise<void> {
    await expect(this.toast(texte)).toBeVisible({ timeout: 45_000 });
  }

  /** A toast of spec part 1 §8, by its exact wording. */
  toast(texte: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: texte });
  }

  /**
   * Picks an option of a Mantine Select or MultiSelect (role 'combobox'; a MultiSelect's input
   * lies under its pills box, hence the forced click), then leaves the field with Tab: Escape
   * would also close a popup around it.
   */
  async choisir(champ: Locator, option: string | RegExp): Promise<void> {
    await champ.click({ force: true });
    await this.page.getByRole('option', { name: option }).first().click();
    await champ.press('Tab');
  }

  /** The rows of the table inside `dans`, header excluded. */
  lignes(dans: Locator): Locator {
    return dans.locator('tbody tr');
  }
}
