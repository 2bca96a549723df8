import { expect, type Locator, type Page } from '@playwright/test';

/** The control entry page (/controle/saisie?ids=…). */
export class SaisieControlePage {
  readonly suivant: Locator;
  readonly enregistrer: Locator;

  constructor(readonly page: Page) {
    this.suivant = page.getByRole('button', { name: 'Suivant' });
    this.enregistrer = page.getByRole('button', { name: 'Enregistrer', exact: true });
  }

  async ouvrir(ids: string[]): Promise<void> {
    await this.page.goto(`/controle/saisie?ids=${ids.join(',')}`);
    await expect(this.page.getByRole('button', { name: 'Informations générales' })).toBeVisible();
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
