import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CAPTURES } from '../captures';
import { COMPTES } from '../pages/comptes';
import { ConnexionPage } from '../pages/ConnexionPage';
import type { Coquille } from '../pages/Coquille';
import { lireTable, type Enregistrement } from '../pages/Idb';
import { joursDeControle, ProgrammationPage } from '../pages/ProgrammationPage';
import { reserver } from '../pages/Reservations';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { SessionApi, synchroniser, type ReponsePush } from '../pages/Synchro';
import { controleurSurTablette } from '../pages/tablette';
import { verifierBureau } from '../pages/manquementsBureau';
import {
  campagneSuivante,
  capture,
  capturerEnvois,
  COMTE,
  creerInopine,
  ignorerGroupes,
  jourParis,
  type Label,
  type LigneManquement,
  lire,
  manquementsDe,
  MORBIER,
  partiesFichiers,
  type PointNc,
  POINTS_NC,
  preselection,
  type PushCapture,
  remplirPlan,
  reserverOperateurDeuxLabels,
  saisirNc,
  signerEtFinaliser,
  unMoisApres,
} from '../pages/manquementsTerrain';

/**
 * Issue 27 "Must show", first bullet: what the controller finds offline becomes the office's work.
 * A round built by the animateur, three NC points over two labels finalised offline, seen by the
 * office everywhere it looks, carried to the next visit as previous shortcomings, found again
 * without a second row, and the same push replayed ten times changing nothing.
 */

mkdirSync(CAPTURES, { recursive: true });
test.use({ viewport: { width: 1024, height: 768 } });

test('trois manquements constatés hors ligne sur deux AOP : vus du bureau partout, repris à la visite suivante sans doublon, un envoi rejoué dix fois ne change rien', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(900_000);
  const debut = Date.now();
  const bureau = await SessionApi.ouvrir(request, COMPTES.animateur.login, /Comté/);
  const operateur = await reserverOperateurDeuxLabels(bureau);
  const labels = [COMTE, MORBIER].map((l) => operateur.aops.find((a) => a.libelle === l)!);
  const [comte, morbier] = labels as [Label, Label];

  // The points: none the operator already has a shortcoming on, whatever its state.
  const existants = await manquementsDe(bureau, operateur.id);
  const dejaVus = new Set(existants.map((m) => `${m.codePoint}|${m.aopIgp}`));
  const libres = (label: Label) =>
    (POINTS_NC[label.libelle] ?? [])
      .filter((p) => !dejaVus.has(`${p.code}|${label.libelle}`))
      .map((p) => ({ ...p, aop: label, cle: `${p.code}-${label.id}` }));
  const points: PointNc[] = [...libres(comte).slice(0, 2), ...libres(morbier).slice(0, 1)];
  expect(points.map((p) => p.aop.libelle)).toEqual([COMTE, COMTE, MORBIER]);
  const ouvertsAvant = existants.filter((m) => m.etat === 'EN_COURS').length;

  // The open shortcomings the preselection counts, per label, before the visit: in next year's
  // campaign, where this operator stays a candidate after being controlled this year.
  const { id: campagneId, libelle: libelleSuivante } = await campagneSuivante(bureau);
  const avantParLabel = new Map<string, number>();
  for (const label of labels) {
    const p = await preselection(bureau, campagneId, label.id);
    const moi = p.content.find((c) => c.id === operateur.id);
    expect(moi, `${operateur.raisonSociale} candidat ${label.libelle}`).toBeTruthy();
    avantParLabel.set(label.id, moi?.manquementsOuverts ?? -1);
  }

  const { ouvre } = joursDeControle();
  let ids: string[] = [];
  let tourneeId = '';

  await test.step("1. l'animateur construit la tournée avec l'assistant et la finalise", async () => {
    const p = new ProgrammationPage(page);
    await new ConnexionPage(page).connecterCompte('animateur');
    await p.ouvrir();
    await page.getByRole('button', { name: 'Créer une tournée' }).click();
    await expect(page.getByRole('heading', { name: 'Tournée - Création' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Vuillet');
    await page.getByRole('radio', { name: 'Choisir Claire Vuillet' }).click();
    await p.suivant.click();
    await p.attendreToast('La création de la tournée a été initialisée');
    await expect(page).toHaveURL(/\/tournee\/creation\/\d+$/);
    tourneeId = /\/creation\/(\d+)$/.exec(page.url())?.[1] ?? '';

    await p.panier.getByRole('button', { name: 'Ajouter opérateur' }).click();
    await expect(p.dialogue.getByRole('heading', { name: 'Recherche opérateur' })).toBeVisible();
    await p.choisir(p.dialogue.getByRole('combobox', { name: 'AOP-IGP' }), COMTE);
    await p.dialogue.getByRole('textbox', { name: 'Raison sociale' }).fill(operateur.raisonSociale);
    await expect(p.lignes(p.dialogue)).toHaveCount(1);
    await p.lignes(p.dialogue).getByRole('checkbox').click();
    await expect(p.dialogue.getByText('1 opérateur(s) sélectionné(s)')).toBeVisible();
    await p.dialogue.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await p.attendreToast('Les opérateurs ont bien été ajoutés');

    const filtre = p.panier.getByRole('textbox', { name: 'Raison sociale' });
    await filtre.fill(operateur.raisonSociale);
    const ligne = p.lignes(p.panier).filter({ hasText: operateur.raisonSociale });
    await expect(ligne).toHaveCount(1);
    await ligne.getByRole('checkbox').click();
    await expect(ligne.getByRole('checkbox')).toBeChecked();
    await p.panier.getByRole('button', { name: 'Tout déposer' }).click();
    const carte = p.carte(operateur.raisonSociale);
    await expect(carte.getByText('À faire')).toBeVisible();

    await p.controles.getByRole('button', { name: 'Saisie en lot des contrôles' }).click();
    await p.dialogue.getByLabel('Date').fill(ouvre);
    await p.dialogue.getByLabel('Heure').fill('09:00');
    await p.choisir(
      p.dialogue.getByRole('combobox', { name: 'Niveau de contrôle' }),
      'Supplémentaire terrain',
    );
    await p.dialogue.getByRole('button', { name: 'Valider' }).click();
    await expect(p.dialogue).toBeHidden();
    await expect(carte.getByText('Incomplet')).toBeHidden();
    await p.suivant.click();
    await p.attendreToast('Les contrôles ont été créés');
    await expect(carte.getByText('Validé')).toBeVisible();

    // One control per label of the card: reserved, no other spec takes them on the device.
    const { operateurs } = await lire<{
      operateurs: { controles: { id: string; aopIgp: Label }[] }[];
    }>(bureau, `/api/tournee/${tourneeId}`);
    const controles = operateurs.flatMap((o) => o.controles);
    expect(controles.map((c) => c.aopIgp.libelle).sort()).toEqual([COMTE, MORBIER].sort());
    ids = reserver(controles, 2).map((c) => c.id);

    await p.suivant.click();
    await expect(page.getByText(operateur.raisonSociale).first()).toBeVisible();
    await page.getByRole('button', { name: 'Finaliser' }).click();
    await p.attendreToast('La création de la tournée a été finalisée');
    await expect(page).toHaveURL(/\/tournee\?onglet=programmation$/);
  });

  // The controller's tablet: its own browser context, cut from the network at will.
  const terrainContexte = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const terrain = await terrainContexte.newPage();
  const saisie = new SaisieControlePage(terrain);
  const pushes: PushCapture[] = [];
  let enregistrer = false;
  /** The sha256 of each control's signed report, as the device printed it. */
  const rapportsSignes = new Map<string, string>();
  await terrainContexte.exposeBinding(
    '__estiveEnvoiControles',
    (_source, base64: string, entetes: Record<string, string>) => {
      if (enregistrer) pushes.push({ corps: Buffer.from(base64, 'base64'), entetes });
    },
  );
  await terrainContexte.addInitScript(capturerEnvois);
  let coquille: Coquille;
  let controlesVisite: Enregistrement[] = [];

  await test.step('2. le contrôleur saisit hors ligne trois NC sur deux AOP, signe, finalise, synchronise', async () => {
    coquille = await controleurSurTablette(terrain);
    const recus = (await lireTable(terrain, 'controles')).filter((c) => ids.includes(c.id));
    expect(recus.map((c) => c.statut)).toEqual(['PROGRAMME', 'PROGRAMME']);
    // Comté first, as the visit's labels are listed.
    const ordre = [...recus].sort((a, b) =>
      (a.aopIgp as Label).libelle.localeCompare((b.aopIgp as Label).libelle),
    );
    await terrainContexte.setOffline(true);
    await coquille.attendreStatut('Hors Ligne');

    await saisie.ouvrir(ordre.map((c) => c.id));
    await saisie.suivant.click();
    await expect(saisie.onglet("Système d'exploitation")).toBeVisible();
    await ignorerGroupes(terrain, saisie);
    for (const p of points) await saisirNc(terrain, saisie, p);
    // Every other entry SO: the grid is complete, three NC across the two labels.
    for (const onglet of await terrain.getByRole('tab').all()) {
      await onglet.click();
      await saisie.completerOngletEnSO();
    }
    await saisie.suivant.click();
    await expect(terrain.getByText('Manquements précédents')).toBeVisible();
    for (const p of points) {
      await expect(
        terrain.getByRole('row').filter({ hasText: p.code }).filter({ hasText: p.aop.libelle }),
      ).toHaveCount(1);
    }
    for (const p of points) await remplirPlan(terrain, p, `Constat terrain ${p.code}`);
    await saisie.suivant.click();
    await signerEtFinaliser(terrain, labels);

    // Online: the push is recorded as it goes, to be replayed in step 5.
    enregistrer = true;
    await terrainContexte.setOffline(false);
    await coquille.attendreStatut('En ligne');
    const bilan = await synchroniser(terrain);
    await expect(terrain.getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });
    expect(bilan.rejets).toEqual([]);
    expect(bilan.conflits).toBe(0);
    expect(bilan.envoyes.controles).toBe(2);
    enregistrer = false;

    controlesVisite = (await lireTable(terrain, 'controles')).filter((c) => ids.includes(c.id));
    for (const c of controlesVisite) {
      expect(c).toMatchObject({ statut: 'REALISE', resultat: 'NON_CONFORME', sync: true });
    }
    // The capture holds what the device sent: both signed reports, byte for byte.
    expect(pushes.length).toBeGreaterThan(0);
    const envoyes = pushes.flatMap((p) =>
      partiesFichiers(p.corps, p.entetes['content-type'] ?? ''),
    );
    const rapports = (await lireTable(terrain, 'fichiers')).filter(
      (f) => ids.includes(String(f.controleId)) && f.typeDocument === 'RAPPORT_AUDIT',
    );
    expect(rapports).toHaveLength(2);
    for (const r of rapports) rapportsSignes.set(String(r.controleId), String(r.sha256));
    for (const r of rapports) {
      const partie = envoyes.find((e) => e.nom === r.id);
      expect(partie, `rapport ${r.id} dans l'envoi capturé`).toBeTruthy();
      expect(createHash('sha256').update(partie!.octets).digest('hex')).toBe(r.sha256);
    }
  });

  const bureauContexte = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const office = await bureauContexte.newPage();
  const controleDe = (label: Label) =>
    controlesVisite.find((c) => (c.aopIgp as Label).id === label.id)!;
  const jourControle = jourParis(String(controleDe(comte).date));
  const echeance = unMoisApres(jourControle);
  let manquementsTerrain: LigneManquement[] = [];

  await test.step("3. l'animateur voit les trois manquements EN_COURS partout", async () => {
    manquementsTerrain = await verifierBureau({
      bureau,
      office,
      operateur,
      points,
      ids,
      labels: [comte, morbier],
      ouvre,
      campagne: { id: campagneId, libelle: libelleSuivante },
      avantParLabel,
      controleDe,
      echeance,
      rapportsSignes,
    });
  });

  let idsInopine: string[] = [];
  const recidive = points[0]!;
  await test.step('4. la visite suivante montre les trois hors ligne ; un NC sur le même point ne crée pas de doublon', async () => {
    // The office's list changed nothing on the device: a sync brings the feed's rows anyway.
    await coquille.synchroniser();
    await terrainContexte.setOffline(true);
    await coquille.attendreStatut('Hors Ligne');
    idsInopine = await creerInopine(terrain, operateur, ouvre);
    expect(idsInopine).toHaveLength(2);

    const pointsAppareil = await lireTable(terrain, 'pointcontrole');
    const titre = (p: PointNc) =>
      `${p.code} — ${String(pointsAppareil.find((x) => x.code === p.code)?.libelle)}`;
    const carte = terrain.locator('.mantine-Card-root', { hasText: 'Manquements précédents' });
    await expect(carte).toBeVisible();
    for (const p of points) await expect(carte.getByText(titre(p))).toBeVisible();
    await expect(carte.getByText(`Constat terrain ${recidive.code}`)).toBeVisible();
    // Captured once the creation's toast has left the header.
    await expect(terrain.getByText('Le contrôle inopiné a bien été créé.')).toBeHidden({
      timeout: 15_000,
    });
    await carte.getByText(titre(points[0]!)).scrollIntoViewIfNeeded();
    await capture(terrain, 'etape1-manquements-precedents');

    // The same point found non-conforming again.
    await saisie.suivant.click();
    await expect(saisie.onglet("Système d'exploitation")).toBeVisible();
    await saisirNc(terrain, saisie, recidive);
    await saisie.suivant.click();
    await expect(terrain.getByTestId(`manquement-${recidive.cle}`)).toBeVisible();
    const cote = terrain.locator('.mantine-Card-root', { hasText: 'Manquements précédents' });
    for (const p of points) await expect(cote.getByText(titre(p))).toBeVisible();
    await capture(terrain, 'etape3-manquements-precedents');
    await remplirPlan(terrain, recidive, `Constaté à nouveau ${recidive.code}`);
    await saisie.enregistrer.click();
    await expect(terrain.getByText('Le contrôle a été sauvegardé')).toBeVisible();

    await terrainContexte.setOffline(false);
    await coquille.attendreStatut('En ligne');
    const bilan = await synchroniser(terrain);
    await expect(terrain.getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });
    expect(bilan.rejets).toEqual([]);
    const nouveaux = (await lireTable(terrain, 'controles')).filter(
      (c) => c.personneMoraleId === operateur.id && c.statut === 'EN_COURS',
    );
    expect(nouveaux).toHaveLength(2);
    reserver(nouveaux, 2);

    // One row for the point, the first one, now marked recidive and still open.
    const apres = await manquementsDe(bureau, operateur.id);
    const duPoint = apres.filter(
      (m) => m.codePoint === recidive.code && m.aopIgp === recidive.aop.libelle,
    );
    const origine = manquementsTerrain.find(
      (m) => m.codePoint === recidive.code && m.aopIgp === recidive.aop.libelle,
    );
    expect(duPoint.map((m) => [m.id, m.etat, m.recidive])).toEqual([
      [origine?.id, 'EN_COURS', true],
    ]);
    expect(apres.filter((m) => m.etat === 'EN_COURS')).toHaveLength(ouvertsAvant + 3);
  });

  await test.step("5. l'envoi de l'étape 2 rejoué dix fois : DOUBLON, rien ne change", async () => {
    const etatBureau = async () =>
      (await manquementsDe(bureau, operateur.id))
        .map((m) => ({ ...m }))
        .sort((a, b) => a.id.localeCompare(b.id));
    const etatAppareil = async () =>
      (await lireTable(terrain, 'manquements'))
        .filter((m) => m.personneMoraleId === operateur.id)
        .map((m) => ({ id: m.id, etat: m.etat, version: m.version }))
        .sort((a, b) => a.id.localeCompare(b.id));
    const bureauAvant = await etatBureau();
    const appareilAvant = await etatAppareil();
    expect(appareilAvant.length).toBeGreaterThanOrEqual(3);

    // The device's own headers; its access token may have expired meanwhile: a fresh one then.
    let autorisation: string | undefined;
    for (const push of pushes) {
      for (let i = 0; i < 10; i++) {
        const envoyer = (authorization: string) =>
          request.post('/api/synchro/controle', {
            // Every header the device sent (right, app version, multipart boundary).
            headers: { ...push.entetes, authorization },
            data: push.corps,
          });
        let r = await envoyer(autorisation ?? push.entetes.authorization ?? '');
        if (r.status() === 401) {
          const fraiche = await SessionApi.ouvrir(request, COMPTES.controleur.login);
          autorisation = fraiche.headers.authorization;
          r = await envoyer(autorisation!);
        }
        expect(r.status(), await r.text()).toBe(200);
        const reponse = (await r.json()) as ReponsePush;
        expect(reponse.resultats.length).toBeGreaterThan(0);
        expect(reponse.resultats.map((x) => x.statut)).toEqual(
          reponse.resultats.map(() => 'DOUBLON'),
        );
        expect(reponse.documents.filter((d) => d.statut === 'REJETE')).toEqual([]);
      }
    }
    expect(await etatBureau()).toEqual(bureauAvant);
    await synchroniser(terrain);
    await expect(terrain.getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });
    expect(await etatAppareil()).toEqual(appareilAvant);
    const serveur = await lire<{ content: { id: string; statut: string }[] }>(
      bureau,
      `/api/tdb/controle?personneMoraleId=${operateur.id}&size=200`,
    );
    expect(serveur.content.filter((c) => ids.includes(c.id)).map((c) => c.statut)).toEqual([
      'REALISE',
      'REALISE',
    ]);
  });

  test.info().annotations.push({
    type: 'durée',
    description: `${Math.round((Date.now() - debut) / 1000)} s`,
  });
  await bureauContexte.close();
  await terrainContexte.close();
});
