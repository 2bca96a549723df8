import { expect, type Locator, type Page } from '@playwright/test';
import { synchroniser } from './Synchro';

/** The main layout: top bar (or bottom bar on narrow screens), status, session buttons. */
export class Coquille {
  readonly navigation: Locator;
  readonly statut: Locator;

  constructor(readonly page: Page) {
    this.navigation = page.getByRole('navigation', { name: 'Navigation principale' }).filter({
      visible: true,
    });
    this.statut = page.getByRole('button', { name: /^Statut/ });
  }

  /** Labels of the tabs the user sees, in order. */
  async onglets(): Promise<string[]> {
    await expect(this.navigation.getByRole('link').first()).toBeVisible();
    return (await this.navigation.getByRole('link').allInnerTexts()).map((t) =>
      t.replace(/\s*\d+$/, '').trim(),
    );
  }

  async attendreStatut(texte: 'En ligne' | 'Hors Ligne'): Promise<void> {
    await expect(this.statut).toHaveText(texte);
  }

  /**
   * Runs a sync with the screen's one sync button (the top bar's, or Mes tournées' toolbar) and
   * waits for that run's own end, then for its progress dialog to close.
   */
  async synchroniser(): Promise<void> {
    await synchroniser(this.page);
    await expect(this.page.getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });
  }

  /** Waits until the service worker controls the page: from then on the shell starts offline. */
  async attendreServiceWorker(): Promise<void> {
    await this.page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state === 'activated' && !!navigator.serviceWorker.controller;
    });
  }
}
