import { expect, test, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { demarrerAppareil } from '../pages/Appareil';
import { ConnexionPage } from '../pages/ConnexionPage';
import { completerGrille } from '../pages/grilleComplete';
import { ecrireTable, lireTable } from '../pages/Idb';
import { MesTourneesPage } from '../pages/MesTourneesPage';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { saisirSurAppareil, SessionApi, synchroniser, verifierAccord } from '../pages/Synchro';
import { reserver } from '../pages/Reservations';

/**
 * Issue 18 item 7, end to end: a controller's offline entry meets the office's cancellation; the
 * animateur resolves the conflict in the Tableau de bord (both versions side by side, keeps the
 * device's); at the controller's next sync his card loses its conflict mark.
 */
test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

/** Walks the weeks of 'Mes tournées' until the card's text shows, or 8 weeks have passed. */
async function semaineAvec(page: Page, texte: RegExp): Promise<boolean> {
  await page.goto('/tournee');
  const suivante = new MesTourneesPage(page).semaine('suivante');
  for (let s = 0; s < 8; s++) {
    await expect(suivante).toBeVisible();
    await page.waitForTimeout(500); // the cards follow the date after a 300 ms debounce
    if (await page.getByText(texte).isVisible()) return true;
    await suivante.click();
  }
  return false;
}

test("l'animateur résout un conflit de synchronisation ; la carte du contrôleur perd sa marque", async ({
  page,
  context,
  browser,
  request,
}) => {
  const { api, coquille } = await demarrerAppareil(page, request, 'controleur@estive.test');
  const bureau = await SessionApi.ouvrir(request, 'animateur@estive.test');
  // The last free programmed control (the entry specs tend to take the first ones).
  const programmes = (await lireTable(page, 'controles'))
    .filter((c) => c.statut === 'PROGRAMME' && c.sync === true)
    .sort((a, b) => Number(b.id) - Number(a.id));
  const [controle] = reserver(programmes);

  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');
  await saisirSurAppareil(page, controle.id, 'conflit-tdb');
  await bureau.post(`/api/controles/${controle.id}/annulation`, {
    raison: 'Annulé par le bureau',
  });
  await context.setOffline(false);
  await coquille.attendreStatut('En ligne');
  expect((await synchroniser(page)).conflits).toBe(1);
  const conflit = /^En conflit : le bureau a modifié ce contrôle/;
  expect(await semaineAvec(page, conflit)).toBe(true);

  // At the office.
  const office = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await new ConnexionPage(office).connecterCompte('animateur');
  await office.goto('/tdb?onglet=conflits');
  const lignes = office
    .getByRole('table', { name: 'Conflits de synchronisation' })
    .locator('tbody tr');
  const numero = String(controle.numeroRapport);
  const ligne = lignes.filter({ hasText: `SIQ-${numero}` });
  await expect(ligne).toHaveCount(1);
  await expect(ligne).toContainText('Contrôle annulé par le bureau');
  await office.screenshot({ path: `${CAPTURES}/tdb-conflits.png` });
  await ligne.click();
  const versions = office.getByRole('table', { name: 'Versions du contrôle' });
  await expect(versions.getByRole('row', { name: /^Statut/ })).toContainText('Annulé');
  await expect(versions.getByRole('row', { name: /^Statut/ })).toContainText('En cours');
  await expect(versions.getByRole('row', { name: /^Raison de l'abandon/ })).toContainText(
    'Annulé par le bureau',
  );
  await office.screenshot({ path: `${CAPTURES}/tdb-conflit-versions.png` });
  await office.setViewportSize({ width: 1024, height: 768 });
  await office.screenshot({ path: `${CAPTURES}/tdb-conflit-versions-1024.png` });
  await office.setViewportSize({ width: 1280, height: 800 });
  await office.getByRole('button', { name: "Garder la version de l'appareil" }).click();
  await expect(office.getByText('Le conflit est résolu')).toBeVisible();
  await expect(ligne).toHaveCount(0);
  await office.getByText('Résolus', { exact: true }).click();
  await expect(lignes.filter({ hasText: `SIQ-${numero}` })).toHaveCount(1);
  await lignes.filter({ hasText: `SIQ-${numero}` }).click();
  await expect(office.getByText(/version de l'appareil conservée/)).toBeVisible();
  await office.context().close();

  // The controller's next sync: the control is his entry again, without the mark.
  await page.goto('/tournee');
  await synchroniser(page);
  const local = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  expect(local).toMatchObject({ conflit: false, statut: 'EN_COURS', sync: true });
  expect(await semaineAvec(page, conflit)).toBe(false);
  await verifierAccord(page, api, ['conflit-tdb']);
});

test('une saisie contraire aux règles (résultat CONFORME avec un point NC) est refusée, gardée, et montrée au bureau avec ses écarts', async ({
  page,
  browser,
  request,
}) => {
  await demarrerAppareil(page, request, 'controleur@estive.test');
  const programmes = (await lireTable(page, 'controles')).filter(
    (c) => c.statut === 'PROGRAMME' && c.sync === true,
  );
  const [choisi] = reserver(programmes);
  // The entry form builds and saves the visit's grid.
  const saisie = new SaisieControlePage(page);
  await saisie.ouvrir([choisi.id]);
  await saisie.enregistrer.click();
  await expect(page.getByText('Le contrôle a été sauvegardé')).toBeVisible();
  const controle = (await lireTable(page, 'controles')).find((c) => c.id === choisi.id);
  if (!controle) throw new Error(`contrôle ${choisi.id} absent de l’appareil`);
  await page.goto('/tournee');
  // A faulty device: the engine's grid (one NC point with its shortcoming), a CONFORME result.
  await ecrireTable(page, 'controles', [
    {
      ...controle,
      statut: 'REALISE',
      resultat: 'CONFORME',
      etapeSaisie: 4,
      grille: completerGrille(controle),
      timestamp: await page.evaluate(() => Date.now()),
      sync: false,
    },
  ]);
  const bilan = await synchroniser(page);
  expect(bilan.rejets.map((r) => r.message)).toEqual([
    "La grille envoyée ne suit pas les règles de contrôle : Le résultat envoyé (Conforme) n'est pas celui de la grille (Non conforme). Votre saisie est conservée pour le bureau.",
  ]);

  const office = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await new ConnexionPage(office).connecterCompte('animateur');
  await office.goto('/tdb?onglet=conflits');
  const ligne = office
    .getByRole('table', { name: 'Conflits de synchronisation' })
    .locator('tbody tr')
    .filter({ hasText: `SIQ-${String(controle.numeroRapport)}` });
  await expect(ligne).toContainText('Grille contraire aux règles de contrôle');
  await ligne.click();
  await expect(office.getByRole('list', { name: 'Écarts avec les règles de contrôle' })).toHaveText(
    "Le résultat envoyé (Conforme) n'est pas celui de la grille (Non conforme)",
  );
  const versions = office.getByRole('table', { name: 'Versions du contrôle' });
  await expect(versions.getByRole('row', { name: /^Résultat/ })).toContainText('Conforme');
  // The office's side has no grid yet; the device's answered every point.
  await expect(versions.getByRole('row', { name: /^Grille/ })).toHaveText(
    /0 réponse\(s\)[1-9]\d* réponse\(s\)/,
  );
  await office.screenshot({ path: `${CAPTURES}/tdb-conflit-verdicts.png` });
  await office.context().close();
});
