import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { ConnexionPage } from './ConnexionPage';
import { type Enregistrement } from './Idb';
import { dateFr } from './ProgrammationPage';
import type { SessionApi } from './Synchro';
import {
  capture,
  choisirOption,
  COMTE,
  lire,
  lignesAvec,
  manquementsDe,
  preselection,
  textePdf,
  type Label,
  type LigneManquement,
  type Operateur,
  type PointNc,
} from './manquementsTerrain';

/** What the office's checks need of the visit the controller made and synced. */
export interface VisiteSynchronisee {
  bureau: SessionApi;
  office: Page;
  operateur: Operateur;
  points: PointNc[];
  /** The round's controls of the visit. */
  ids: string[];
  labels: [Label, Label];
  /** The visit's day ('yyyy-mm-dd'). */
  ouvre: string;
  /** Next year's campaign, where the operator stays a candidate. */
  campagne: { id: string; libelle: string };
  /** Open shortcomings by label in that campaign's preselection, before the visit. */
  avantParLabel: Map<string, number>;
  controleDe: (label: Label) => Enregistrement;
  /** The measures' due day: the control's day plus one month. */
  echeance: string;
  /** The sha256 of each control's signed report, as the device printed it. */
  rapportsSignes: Map<string, string>;
}

/**
 * Step 3 of the spec: the animateur sees the three EN_COURS shortcomings everywhere (Manquements
 * tab and its export, the manquement page and its signed report, Contrôles, Suivi opérateur,
 * the pressure preselection). Answers the three rows, for the steps after it.
 */
export async function verifierBureau(v: VisiteSynchronisee): Promise<LigneManquement[]> {
  const { bureau, office, operateur, points, ids, labels, ouvre, avantParLabel, controleDe } = v;
  const { echeance, rapportsSignes } = v;
  const [comte, morbier] = labels;
  const { id: campagneId, libelle: libelleSuivante } = v.campagne;
  const bureauContexte = office.context();
  const manquementsTerrain = (await manquementsDe(bureau, operateur.id)).filter((m) =>
    points.some((p) => p.code === m.codePoint && p.aop.libelle === m.aopIgp),
  );
  expect(
    manquementsTerrain
      .map((m) => [m.aopIgp, m.codePoint, m.etat, m.recidive, m.dateSuiviCorrective])
      .sort(),
  ).toEqual(
    points.map((p) => [p.aop.libelle, p.code, 'EN_COURS', false, echeance] as const).sort(),
  );

  // The Manquements tab, filtered on the operator.
  await new ConnexionPage(office).connecterCompte('animateur');
  await office.goto('/tdb?onglet=manquements');
  await expect(office.getByRole('heading', { name: 'Tableau de bord', level: 2 })).toBeVisible({
    timeout: 45_000,
  });
  const filtree = office.waitForResponse(
    (r) => r.url().includes('/api/tdb/manquement?') && r.url().includes(operateur.siret),
  );
  await office.getByRole('textbox', { name: 'Opérateur' }).fill(operateur.siret);
  await filtree;
  const table = office.getByRole('table', { name: 'Manquements' });
  for (const p of points) {
    const ligne = lignesAvec(table, [p.code, p.aop.libelle]);
    await expect(ligne).toHaveCount(1);
    await expect(ligne).toContainText('En cours');
    await expect(ligne).toContainText(dateFr(echeance));
  }
  await lignesAvec(table, [points[0]!.code]).scrollIntoViewIfNeeded();
  await capture(office, 'onglet-manquements');

  // Its export: the same three rows, due dates as dates.
  const [telechargement] = await Promise.all([
    office.waitForEvent('download'),
    office.getByRole('button', { name: 'Exporter' }).click(),
  ]);
  const classeur = new ExcelJS.Workbook();
  await classeur.xlsx.load(readFileSync(await telechargement.path()) as unknown as ArrayBuffer);
  const feuille = classeur.worksheets[0]!;
  const entetes = (feuille.getRow(1).values as unknown[]).map((v) =>
    typeof v === 'string' ? v : '',
  );
  const col = (titre: string) => entetes.indexOf(titre);
  const lignesXlsx: Record<string, unknown>[] = [];
  feuille.eachRow((r, n) => {
    if (n === 1) return;
    const v = r.values as unknown[];
    lignesXlsx.push(
      Object.fromEntries(
        ['SIRET', 'AOP-IGP', 'Code', 'État', 'Suivi correctif'].map((t) => [t, v[col(t)]]),
      ),
    );
  });
  const duPoint = lignesXlsx.filter(
    (l) =>
      l.SIRET === operateur.siret &&
      points.some((p) => p.code === l.Code && p.aop.libelle === l['AOP-IGP']),
  );
  expect(duPoint).toHaveLength(3);
  for (const l of duPoint) {
    expect(l['État']).toBe('En cours');
    expect(l['Suivi correctif']).toBeInstanceOf(Date);
    expect((l['Suivi correctif'] as Date).toISOString().slice(0, 10)).toBe(echeance);
  }

  // The manquement page: its 'Rapport d'audit signé' opens the report of that control.
  const premier = points[0]!;
  await lignesAvec(table, [premier.code, premier.aop.libelle]).click();
  await expect(office).toHaveURL(/\/tdb\/manquement\/\d+$/);
  await expect(office.getByText('En cours').first()).toBeVisible();
  await expect(office.getByText(`1 mois ${dateFr(echeance)}`)).toBeVisible();
  await expect(office.getByText(`Constat terrain ${premier.code}`)).toBeVisible();
  const bouton = office.getByRole('button', { name: "Rapport d'audit signé" });
  await expect(bouton).toBeVisible();
  await capture(office, 'page-manquement');
  const [, reponse] = await Promise.all([
    bureauContexte.waitForEvent('page'),
    office.waitForResponse((r) => /\/api\/fichier\/\d+$/.test(r.url())),
    bouton.click(),
  ]);
  expect(reponse.status()).toBe(200);
  expect(reponse.headers()['content-type']).toContain('application/pdf');
  // The page made the PDF a blob for its new tab: the file it asked for is fetched again.
  const fichier = await bureau.request.get(new URL(reponse.url()).pathname, {
    headers: bureau.headers,
  });
  expect(fichier.status()).toBe(200);
  const octets = await fichier.body();
  const controleComte = controleDe(comte);
  expect(createHash('sha256').update(octets).digest('hex')).toBe(
    rapportsSignes.get(controleComte.id),
  );
  const texte = textePdf(octets);
  expect(texte).toContain(`SIQ-${String(controleComte.numeroRapport)}`);
  expect(texte).not.toContain(`SIQ-${String(controleDe(morbier).numeroRapport)}`);

  // The Contrôles tab: the visit's controls count three shortcomings between them.
  const { content: lignesControles } = await lire<{
    content: { id: string; nbManquement: number }[];
  }>(bureau, `/api/tdb/controle?personneMoraleId=${operateur.id}&size=200`);
  const nb = lignesControles.filter((c) => ids.includes(c.id)).map((c) => c.nbManquement);
  expect(nb.sort()).toEqual([1, 2]);
  await office.goto(`/tdb?onglet=controles&operateur=${operateur.siret}&statut=REALISE`);
  const controles = office.getByRole('table', { name: 'Contrôles' });
  const visite = lignesAvec(controles, [dateFr(ouvre), '09:00']);
  await expect(visite).toHaveCount(2);
  const titres = await controles.getByRole('columnheader').allInnerTexts();
  const colonne = titres.findIndex((t) => t.trim() === 'Manquements');
  expect(colonne).toBeGreaterThanOrEqual(0);
  let somme = 0;
  for (const l of await visite.all())
    somme += Number(await l.getByRole('cell').nth(colonne).innerText());
  expect(somme).toBe(3);

  // Suivi opérateur, from that row: the three shortcomings in the operator's history.
  await visite.first().getByRole('cell').nth(1).click();
  await expect(office).toHaveURL(/onglet=suivi/);
  await expect(office).toHaveURL(new RegExp(`operateurId=${operateur.id}(&|$)`));
  const historique = office.getByLabel("Historique de l'opérateur");
  for (const p of points) {
    const item = historique.locator('.mantine-Timeline-item').filter({
      hasText: `Manquement ${p.code}`,
    });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('En cours');
  }

  // Pression: controlled this campaign, the operator is no candidate of it; in next year's
  // campaign its open shortcomings count three more (two Comté, one Morbier) and rank it.
  const courante = (await lire<{ id: string; courante: boolean }[]>(bureau, '/api/campagne')).find(
    (c) => c.courante,
  );
  expect(courante).toBeTruthy();
  for (const label of labels) {
    const cetteAnnee = await preselection(bureau, courante!.id, label.id);
    expect(cetteAnnee.content.map((c) => c.id)).not.toContain(operateur.id);
  }
  let ajoutes = 0;
  for (const label of labels) {
    const p = await preselection(bureau, campagneId, label.id);
    expect(p.content.length).toBe(Math.min(p.totalCandidats, 2000));
    const rang = p.content.findIndex((c) => c.id === operateur.id);
    expect(rang, `${operateur.raisonSociale} candidat ${label.libelle}`).toBeGreaterThanOrEqual(0);
    const moi = p.content[rang]!;
    const attendus = points.filter((x) => x.aop.id === label.id).length;
    expect(moi.manquementsOuverts).toBe((avantParLabel.get(label.id) ?? 0) + attendus);
    ajoutes += moi.manquementsOuverts - (avantParLabel.get(label.id) ?? 0);
    // Open shortcomings first: none before it has fewer, none after it has more.
    expect(
      p.content.slice(0, rang).every((c) => c.manquementsOuverts >= moi.manquementsOuverts),
    ).toBe(true);
    expect(
      p.content.slice(rang + 1).every((c) => c.manquementsOuverts <= moi.manquementsOuverts),
    ).toBe(true);
    test.info().annotations.push({
      type: 'pression',
      description: `${label.libelle} : rang ${rang + 1} sur ${p.totalCandidats}, ${moi.manquementsOuverts} manquement(s) ouvert(s) (avant : ${avantParLabel.get(label.id)})`,
    });
  }
  expect(ajoutes).toBe(3);

  // The Pression screen shows that campaign's Comté preselection in the API's order.
  const presComte = await preselection(bureau, campagneId, comte.id);
  await office.goto('/tdb?onglet=pression');
  await choisirOption(office, office.getByRole('combobox', { name: 'Campagne' }), libelleSuivante);
  await choisirOption(office, office.getByRole('combobox', { name: 'AOP-IGP' }), COMTE);
  await expect(
    office.getByText(`Présélection : ${presComte.totalCandidats} candidats`),
  ).toBeVisible();
  const lignesPres = office.getByRole('table', { name: 'Présélection' }).locator('tbody tr');
  const premiers = presComte.content.slice(0, 20);
  await expect(lignesPres).toHaveCount(premiers.length);
  expect(
    (await lignesPres.locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim()),
  ).toEqual(premiers.map((c) => c.raisonSociale));
  const rangComte = premiers.findIndex((c) => c.id === operateur.id);
  if (rangComte >= 0) {
    await expect(lignesPres.nth(rangComte).locator('td').last()).toHaveText(
      String(presComte.content[rangComte]!.manquementsOuverts),
    );
  }
  await lignesPres.first().scrollIntoViewIfNeeded();
  await capture(office, 'pression-preselection');
  return manquementsTerrain;
}
