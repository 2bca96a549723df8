import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';
import { ecrireTable, lireTable, type Enregistrement } from '../pages/Idb';
import { reserver } from '../pages/Reservations';

/** The sync button's menu (spec part 1 §2, part 2 §4): export, unvalidate, wipe; account change. */

// Every test signs in and runs a first sync before its own steps (21-25 s on a quiet machine).
test.describe.configure({ timeout: 90_000 });

async function connecterEtSynchroniser(page: Page): Promise<Coquille> {
  await new ConnexionPage(page).connecterCompte('controleur');
  const coquille = new Coquille(page);
  await coquille.synchroniser();
  return coquille;
}

/** A programmed control, finalised on the device and not yet pushed. */
async function finaliserSansSynchroniser(page: Page): Promise<Enregistrement> {
  const [controle] = reserver(
    (await lireTable(page, 'controles')).filter((c) => c.statut === 'PROGRAMME'),
  );
  const finalise = { ...controle, statut: 'REALISE', resultat: 'CONFORME', sync: false };
  await ecrireTable(page, 'controles', [finalise]);
  // Dexie's live queries do not see raw IndexedDB writes: the reload makes the app count afresh.
  await page.reload();
  await expect(page.getByTitle('1 élément(s) non synchronisé(s)')).toBeAttached();
  return finalise;
}

function menu(page: Page) {
  return page.getByRole('button', { name: 'Options de synchronisation' });
}

test('exporter les données non synchronisées dans un fichier', async ({ page }) => {
  await connecterEtSynchroniser(page);
  const controle = await finaliserSansSynchroniser(page);

  await menu(page).click();
  const telechargement = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Exporter les données non synchronisées' }).click();
  const fichier = await telechargement;
  expect(fichier.suggestedFilename()).toMatch(/^estive-non-synchronise-.*\.json$/);
  const contenu = JSON.parse(await readFile(await fichier.path(), 'utf8')) as {
    controles: Enregistrement[];
  };
  expect(contenu.controles.map((c) => [c.id, c.statut])).toEqual([[controle.id, 'REALISE']]);
});

test('dévalider remet en cours les contrôles non synchronisés', async ({ page }) => {
  await connecterEtSynchroniser(page);
  const controle = await finaliserSansSynchroniser(page);

  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Dévalider les contrôles non synchronisés' }).click();
  const dialogue = page.getByRole('dialog', { name: 'Dévalider les contrôles' });
  await expect(dialogue).toContainText('1 contrôle(s) non synchronisé(s)');
  await dialogue.getByRole('button', { name: 'Dévalider' }).click();
  await expect(page.getByText('1 contrôle(s) remis en cours')).toBeVisible();

  const apres = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  expect(apres).toMatchObject({ statut: 'EN_COURS', sync: false });
});

test('effacer les données locales, après l’avertissement « Attention »', async ({ page }) => {
  test.setTimeout(120_000); // a first sync, then a reload onto an empty store
  await connecterEtSynchroniser(page);
  expect((await lireTable(page, 'annuaire')).length).toBeGreaterThan(0);

  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Effacer les données locales' }).click();
  const dialogue = page.getByRole('dialog', { name: 'Attention' });
  await expect(dialogue).toContainText('effacées définitivement');
  await dialogue.getByRole('button', { name: 'Annuler' }).click();
  expect((await lireTable(page, 'annuaire')).length).toBeGreaterThan(0);

  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Effacer les données locales' }).click();
  await page
    .getByRole('dialog', { name: 'Attention' })
    .getByRole('button', { name: 'Effacer les données locales' })
    .click();
  // The app reloads on an empty store.
  await expect(page.getByRole('button', { name: 'Synchroniser vos données' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await lireTable(page, 'annuaire')).toEqual([]);
  expect(await lireTable(page, 'controles')).toEqual([]);
});

test('changement de compte : Annuler déconnecte, OK efface les données du précédent', async ({
  page,
}) => {
  test.setTimeout(120_000); // two accounts, two first syncs
  const coquille = await connecterEtSynchroniser(page);
  await finaliserSansSynchroniser(page);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter' }).click();

  const connexion = new ConnexionPage(page);
  await connexion.ouvrir();
  await connexion.connecter('controleur2@estive.test');
  const dialogue = page.getByRole('dialog', { name: 'Changement de compte' });
  await expect(dialogue).toContainText('Les contrôles non synchronisés seront perdus');
  await dialogue.getByRole('button', { name: 'Annuler' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await lireTable(page, 'controles')).some((c) => c.sync === false)).toBe(true);

  await connexion.connecter('controleur2@estive.test');
  await page
    .getByRole('dialog', { name: 'Changement de compte' })
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(page.getByRole('button', { name: 'Synchroniser vos données' })).toBeVisible();
  expect(await lireTable(page, 'controles')).toEqual([]);
  await coquille.synchroniser();
  expect((await lireTable(page, 'controles')).length).toBeGreaterThan(0);
});
