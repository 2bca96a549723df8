import { expect, test } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { COMPTES } from '../pages/comptes';
import { Coquille } from '../pages/Coquille';
import { lireTable } from '../pages/Idb';
import { controlesServeur, MesTourneesPage } from '../pages/MesTourneesPage';

import { CAPTURES } from '../captures';

/** 'yyyy-mm-dd' of the Monday of the week of a day, and the day before it (a Sunday). */
function lundiEtDimanche(jour: string): { lundi: string; dimanche: string } {
  const d = new Date(`${jour}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  const lundi = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() - 1);
  return { lundi, dimanche: d.toISOString().slice(0, 10) };
}

const parisJour = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(iso));

// Both sizes cancel a control of the same demo controller: one after the other.
test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 15_000 });

for (const [largeur, hauteur] of [
  [1024, 768],
  [768, 1024],
] as const) {
  test(`Mes tournées hors ligne ${largeur}×${hauteur} : semaines, annulation, inopiné, rechargement, synchro`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    const taille = `${largeur}`;
    await page.setViewportSize({ width: largeur, height: hauteur });
    await new ConnexionPage(page).connecterCompte('controleur');
    const coquille = new Coquille(page);
    await coquille.attendreServiceWorker();
    await expect(page).toHaveURL(/\/tournee$/);
    const mt = new MesTourneesPage(page);
    await mt.synchroniser();

    await context.setOffline(true);
    await coquille.attendreStatut('Hors Ligne');

    // Week view by default, on the earliest control still to do.
    await expect(mt.cartes.first()).toBeVisible();
    await page.screenshot({ path: `${CAPTURES}/tournees-semaine-${taille}.png`, fullPage: true });
    await mt.semaine('suivante').click();
    await page.screenshot({ path: `${CAPTURES}/tournees-semaine-suivante-${taille}.png` });
    await mt.semaine('précédente').click();
    await expect(mt.cartes.first()).toBeVisible();

    await mt.affichage('Jour');
    await expect(page.getByRole('button', { name: 'Jour suivant' })).toBeVisible();
    await page.screenshot({ path: `${CAPTURES}/tournees-jour-${taille}.png` });
    await mt.affichage('Semaine de travail');

    // Cancel a visit, with a reason.
    const { carte, operateur, ids } = await mt.reserverVisiteAnnulable();
    await carte.getByRole('button', { name: /appellations$/ }).click();
    await carte.getByRole('button', { name: 'Annuler' }).click();
    await expect(mt.dialogue).toContainText('Abandonner le contrôle de');
    // The dialog names whose visit it cancels.
    await expect(mt.dialogue.getByTestId('annulation-operateur')).toHaveText(operateur);
    await mt.dialogue.getByRole('button', { name: 'Abandonner' }).click();
    await expect(mt.dialogue.getByText('Ce champ est obligatoire').first()).toBeVisible();
    const aop = mt.dialogue.getByRole('combobox', { name: 'AOP-IGP' });
    await aop.click({ force: true });
    // A card with one label has it preselected: pick only a label not chosen yet.
    const libres = page.getByRole('option', { selected: false });
    if ((await libres.count()) > 0) await libres.first().click();
    await page.keyboard.press('Escape');
    const raison = `Exploitant absent (${taille}, ${Date.now()})`;
    await mt.dialogue.getByLabel("Raison de l'abandon").fill(raison);
    await page.screenshot({ path: `${CAPTURES}/tournees-annulation-${taille}.png` });
    await mt.dialogue.getByRole('button', { name: 'Abandonner' }).click();
    await expect(
      page.getByText(/Le contrôle a été annulé|Les contrôles ont été annulés/),
    ).toBeVisible();
    const annules = (await lireTable(page, 'controles')).filter((c) => c.raisonAbandon === raison);
    expect(annules.length).toBeGreaterThan(0);
    expect(annules.every((c) => c.statut === 'ANNULE' && c.sync === false)).toBe(true);
    expect(ids).toEqual(expect.arrayContaining(annules.map((c) => c.id)));
    await expect(mt.cartes.getByRole('img', { name: 'Non synchronisé' }).first()).toBeVisible();

    await mt.recapitulatif.click();
    await expect(mt.dialogue.getByRole('table')).toBeVisible();
    await page.screenshot({ path: `${CAPTURES}/tournees-recapitulatif-${taille}.png` });
    await page.keyboard.press('Escape');

    // Unannounced inspection for the same (habilitated) operator, on the Monday of this week.
    const aFaire = (await lireTable(page, 'controles'))
      .filter((c) => c.statut === 'PROGRAMME' || c.statut === 'EN_COURS')
      .map((c) => parisJour(c.date as string))
      .sort();
    const { lundi, dimanche } = lundiEtDimanche(aFaire[0] ?? parisJour(new Date().toISOString()));
    await mt.creerInopine.click();
    await expect(page.getByRole('heading', { name: 'Tournée inopinée - Création' })).toBeVisible();
    await page.getByLabel('Rechercher un opérateur').fill(operateur.slice(0, 12));
    await expect(page.getByRole('row').nth(1)).toContainText(operateur.slice(0, 12));
    await page.screenshot({ path: `${CAPTURES}/tournees-inopine-operateurs-${taille}.png` });
    await page.getByRole('row').nth(1).click();
    await page.getByLabel('Date').fill(dimanche);
    await page.getByLabel('Heure').fill('09:00');
    await mt.premiereOption('AOP-IGP');
    await mt.premiereOption('Activités', page.getByRole('group', { name: /^Appellation/ }).first());
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Contrôle impossible le dimanche')).toBeVisible();
    await page.screenshot({
      path: `${CAPTURES}/tournees-inopine-formulaire-${taille}.png`,
      fullPage: true,
    });
    await page.getByLabel('Date').fill(lundi);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Le contrôle inopiné a bien été créé.')).toBeVisible();
    await expect(page).toHaveURL(/\/controle\/saisie\?ids=local-5\d{5}/);
    // The entry form opens offline on the new control (its own checks live in saisie.spec.ts).
    await expect(page.getByRole('heading', { name: 'Informations générales' })).toBeVisible();
    await page.screenshot({ path: `${CAPTURES}/tournees-inopine-saisie-${taille}.png` });
    const crees = (await lireTable(page, 'controles')).filter((c) => c.toCreate === true);
    expect(crees.length).toBeGreaterThan(0);
    const nouveau = crees[crees.length - 1];
    expect((nouveau!.grille as { categories: unknown[] }).categories.length).toBeGreaterThan(0);
    expect(nouveau).toMatchObject({
      statut: 'EN_COURS',
      niveau: 'INIT_CIBLE_INO',
      etapeSaisie: 1,
      sync: false,
    });

    // Reloaded offline, both are there.
    await page.goto('/tournee');
    await page.reload();
    await coquille.attendreStatut('Hors Ligne');
    await expect(page.getByRole('article', { name: /^Contrôle de 09:00/ }).first()).toBeVisible();
    await expect(mt.cartes.filter({ hasText: 'Annulé' }).first()).toBeVisible();
    await page.screenshot({
      path: `${CAPTURES}/tournees-apres-rechargement-${taille}.png`,
      fullPage: true,
    });

    // Back online: the sync pushes both, the server has them.
    await context.setOffline(false);
    await coquille.attendreStatut('En ligne');
    await mt.synchroniser();
    const serveur = await controlesServeur(request, COMPTES.controleur.login);
    for (const a of annules) {
      expect(serveur.find((c) => c.id === a.id)).toMatchObject({
        statut: 'ANNULE',
        raisonAbandon: raison,
      });
    }
    expect(serveur.find((c) => c.clientUuid === nouveau!.clientUuid)).toMatchObject({
      statut: 'EN_COURS',
      niveau: 'INIT_CIBLE_INO',
      personneMoraleId: nouveau!.personneMoraleId,
    });
    await expect(mt.cartes.getByRole('img', { name: 'Non synchronisé' })).toHaveCount(0);
  });
}

test('Contrôle inopiné en ligne : le serveur le crée aussitôt, l’appareil en garde la copie', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await new ConnexionPage(page).connecterCompte('controleur');
  const mt = new MesTourneesPage(page);
  await mt.synchroniser();
  await mt.creerInopine.click();
  await page.getByRole('row').nth(1).click();
  await page.getByLabel('Date').fill('2026-12-01');
  await page.getByLabel('Heure').fill('14:35');
  await mt.premiereOption('AOP-IGP');
  await mt.premiereOption('Activités', page.getByRole('group', { name: /^Appellation/ }).first());
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Le contrôle inopiné a bien été créé.')).toBeVisible();
  await expect(page).toHaveURL(/\/controle\/saisie\?ids=\d+$/);
  const id = new URL(page.url()).searchParams.get('ids');
  const local = (await lireTable(page, 'controles')).find((c) => c.id === id);
  expect(local).toMatchObject({ sync: true, toCreate: false, niveau: 'INIT_CIBLE_INO' });
  const serveur = await controlesServeur(request, COMPTES.controleur.login);
  expect(serveur.find((c) => c.id === id)).toMatchObject({
    statut: 'EN_COURS',
    clientUuid: local!.clientUuid,
  });
});
