import type { Page } from '@playwright/test';
import { ConnexionPage } from './ConnexionPage';
import { Coquille } from './Coquille';

/**
 * The controller on a tablet (1024×768), signed in, service worker installed and first sync
 * done: where the field specs start, before they cut the network.
 */
export async function controleurSurTablette(page: Page): Promise<Coquille> {
  await page.setViewportSize({ width: 1024, height: 768 });
  await new ConnexionPage(page).connecterCompte('controleur');
  const coquille = new Coquille(page);
  await coquille.attendreServiceWorker();
  await coquille.synchroniser();
  return coquille;
}
