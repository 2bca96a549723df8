import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { MesTourneesPage } from './MesTourneesPage';
import { reserver } from './Reservations';
import type { SaisieControlePage } from './SaisieControlePage';
import type { SessionApi } from './Synchro';
import { SyntheseAuditPage } from './SyntheseAuditPage';

/**
 * The pieces of the field-shortcomings end-to-end spec (issue 27): what it reads of the office's
 * API, the device's entry steps, the capture of a push as the device sent it.
 */

export const capture = (page: Page, nom: string) =>
  page.screenshot({ path: `${CAPTURES}/manquements-terrain-${nom}-1024x768.png` });

/** The two labels of the Comté ODG: the visit holds both. */
export const COMTE = 'Comté';
export const MORBIER = 'Morbier';

/**
 * Points of the demo grids whose thresholds judge a typed value, with a value beyond their limit
 * (the verdict NC is then imposed): two are taken on Comté and one on Morbier, among those the
 * operator has no shortcoming on yet (an open one would be updated, not created).
 */
export const POINTS_NC: Record<string, { code: string; categorie: string; valeur: string }[]> = {
  [COMTE]: [
    { code: 'CO-02', categorie: 'Collecte', valeur: '30' }, // ≤ 25 km
    { code: 'FA-08', categorie: 'Fabrication', valeur: '6000' }, // ≤ 5 000 L
    { code: 'FA-22', categorie: 'Fabrication', valeur: '5' }, // ≤ 3
    { code: 'AF-14', categorie: 'Affinage', valeur: '10' }, // ≥ 21 jours
  ],
  [MORBIER]: [
    { code: 'SC-07', categorie: 'Surfaces et chargement', valeur: '60' }, // ≤ 50 unités
    { code: 'FA-15', categorie: 'Fabrication', valeur: '50' }, // ≤ 45 °C
    { code: 'SC-08', categorie: 'Surfaces et chargement', valeur: '2' }, // ≥ 4 semaines
  ],
};

export interface Label {
  id: string;
  libelle: string;
}
export interface Operateur {
  id: string;
  raisonSociale: string;
  siret: string;
  aops: Label[];
}
export interface PointNc {
  code: string;
  categorie: string;
  valeur: string;
  aop: Label;
  /** The grid's key of its shortcoming: `${code}-${aopIgpId}`. */
  cle: string;
}
export interface LigneManquement {
  id: string;
  personneMoraleId: string;
  aopIgp: string;
  codePoint: string;
  libellePoint: string;
  etat: string;
  recidive: boolean;
  dateModification: string;
  dateSuiviCorrective: string | null;
  dateSuiviCorrectrice: string | null;
}
export interface Candidat {
  id: string;
  raisonSociale: string;
  dernierControle: string | null;
  manquementsOuverts: number;
}
export interface Preselection {
  totalCandidats: number;
  content: Candidat[];
}
/** A push the device sent, as it went on the wire. */
export interface PushCapture {
  corps: Buffer;
  entetes: Record<string, string>;
}

export async function lire<T>(api: SessionApi, chemin: string): Promise<T> {
  const r = await api.request.get(chemin, { headers: api.headers });
  expect(r.status(), `${chemin} : ${await r.text()}`).toBe(200);
  return (await r.json()) as T;
}

/**
 * A Comté-and-Morbier operator whose card comes out complete (a site and activities for each
 * label), whose name no other operator bears (read by name in the basket and on the device), not
 * already in the basket; reserved so that no other spec programmes it meanwhile.
 */
export async function reserverOperateurDeuxLabels(api: SessionApi): Promise<Operateur> {
  const panier = await lire<{ content: { personneMoraleId: string }[] }>(
    api,
    '/api/panier?size=2000',
  );
  const dejaAuPanier = new Set(panier.content.map((l) => l.personneMoraleId));
  const { content } = await lire<{ content: Operateur[] }>(
    api,
    '/api/panier/recherche?size=2000&sort=raisonSociale,ASC',
  );
  const parNom = new Map<string, number>();
  for (const o of content) parNom.set(o.raisonSociale, (parNom.get(o.raisonSociale) ?? 0) + 1);
  const libelles = (o: Operateur) => o.aops.map((a) => a.libelle).sort();
  const deuxLabels = content.filter(
    (o) =>
      parNom.get(o.raisonSociale) === 1 &&
      !dejaAuPanier.has(o.id) &&
      JSON.stringify(libelles(o)) === JSON.stringify([COMTE, MORBIER].sort()),
  );
  expect(deuxLabels.length, 'un opérateur habilité Comté et Morbier').toBeGreaterThan(0);
  const { informations } = await lire<{
    informations: {
      personneMoraleId: string;
      informations: {
        sites: { aopIds: string[] }[];
        appellations: { aopIgp: { id: string }; activites: unknown[] }[];
      };
    }[];
  }>(
    api,
    `/api/panier/informations?ids=${deuxLabels
      .slice(0, 300)
      .map((o) => o.id)
      .join(',')}`,
  );
  const completes = deuxLabels.filter((o) => {
    const info = informations.find((i) => i.personneMoraleId === o.id)?.informations;
    return (
      !!info &&
      info.appellations.length === 2 &&
      info.appellations.every((a) => a.activites.length > 0) &&
      o.aops.every((aop) => info.sites.some((s) => s.aopIds.includes(aop.id)))
    );
  });
  const [choisi] = reserver(
    completes.map((o) => ({ ...o, id: `personne-morale-${o.id}`, personneMoraleId: o.id })),
  );
  return { ...choisi, id: choisi.personneMoraleId };
}

/** The operator's shortcomings as the office lists them (Manquements tab's API). */
export async function manquementsDe(bureau: SessionApi, operateurId: string) {
  const { content } = await lire<{ content: LigneManquement[] }>(
    bureau,
    `/api/tdb/manquement?personneMoraleId=${operateurId}&size=500`,
  );
  return content;
}

/** Next year's campaign of the ODG (created once, not current): this operator is its candidate. */
export async function campagneSuivante(
  bureau: SessionApi,
): Promise<{ id: string; libelle: string }> {
  const campagnes = await lire<{ id: string; libelle: string; courante: boolean }[]>(
    bureau,
    '/api/campagne',
  );
  const annee = new Date().getFullYear() + 1;
  // Not named 'Campagne …': other specs pick the first option containing that word.
  const libelle = `Prévision ${annee}`;
  const existante = campagnes.find((c) => c.libelle === libelle);
  if (existante) return existante;
  const r = await bureau.request.post('/api/campagne', {
    headers: bureau.headers,
    data: { libelle, debut: `${annee}-01-01`, fin: `${annee}-12-31`, courante: false },
  });
  expect(r.status(), await r.text()).toBe(200);
  return { id: ((await r.json()) as { id: string }).id, libelle };
}

/**
 * Picks the first option containing `texte` in a Mantine select; a click landing while the
 * page draws the select again leaves it closed, so it is repeated until the option shows.
 */
export async function choisirOption(page: Page, champ: Locator, texte: string): Promise<void> {
  const option = page.getByRole('option', { name: texte }).first();
  await expect(async () => {
    if (!(await option.isVisible())) await champ.click();
    await expect(option).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await option.click();
}

export const preselection = (bureau: SessionApi, campagneId: string, aopIgpId: string) =>
  lire<Preselection>(
    bureau,
    `/api/tdb/pression/preselection?campagneId=${campagneId}&aopIgpId=${aopIgpId}&size=2000`,
  );

/** 'yyyy-mm-dd' one month later, the end of a month kept (31/01 → 28/02). */
export function unMoisApres(jour: string): string {
  const [a, m, j] = jour.split('-').map(Number) as [number, number, number];
  const annee = m === 12 ? a + 1 : a;
  const mois = m === 12 ? 1 : m + 1;
  const dernier = new Date(Date.UTC(annee, mois, 0)).getUTCDate();
  return `${annee}-${String(mois).padStart(2, '0')}-${String(Math.min(j, dernier)).padStart(2, '0')}`;
}

export const jourParis = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(iso));

/** The parts of a multipart body: the file parts' names and bytes. */
export function partiesFichiers(
  corps: Buffer,
  contentType: string,
): { nom: string; octets: Buffer }[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const separateur = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`);
  const parties: { nom: string; octets: Buffer }[] = [];
  let debut = corps.indexOf(separateur);
  while (debut >= 0) {
    const suivant = corps.indexOf(separateur, debut + separateur.length);
    if (suivant < 0) break;
    const partie = corps.subarray(debut + separateur.length + 2, suivant - 2);
    const finEntetes = partie.indexOf('\r\n\r\n');
    const entetes = partie.subarray(0, finEntetes).toString('latin1');
    const nom = /filename="([^"]*)"/.exec(entetes)?.[1];
    if (nom) parties.push({ nom, octets: partie.subarray(finEntetes + 4) });
    debut = suivant;
  }
  return parties;
}

/**
 * Runs in the device's page: each `POST /api/synchro/controle` is also serialised (its FormData
 * as a multipart body, the device's headers) and handed to the test. Playwright's
 * `request.postDataBuffer()` is null for this request (a page under its service worker: CDP gives
 * no post data for it), and `route` does not see requests of such a page.
 */
export function capturerEnvois(): void {
  const fenetre = window as unknown as Window & {
    __estiveEnvoiControles: (base64: string, entetes: Record<string, string>) => Promise<void>;
  };
  const originel = fenetre.fetch.bind(fenetre);
  fenetre.fetch = async (entree: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(entree instanceof Request ? entree.url : String(entree), location.href);
    if (
      init?.method === 'POST' &&
      url.pathname === '/api/synchro/controle' &&
      init.body instanceof FormData
    ) {
      const copie = new Request(url, { method: 'POST', body: init.body });
      const octets = new Uint8Array(await copie.arrayBuffer());
      let binaire = '';
      for (let i = 0; i < octets.length; i += 0x8000)
        binaire += String.fromCharCode(...octets.subarray(i, i + 0x8000));
      const entetes: Record<string, string> = {};
      new Headers(init.headers).forEach((v, k) => (entetes[k] = v));
      entetes['content-type'] = copie.headers.get('content-type') ?? '';
      await fenetre.__estiveEnvoiControles(btoa(binaire), entetes);
    }
    return originel(entree, init);
  };
}

/** The rows of a table's body whose text holds every one of `textes`. */
export const lignesAvec = (table: Locator, textes: string[]) =>
  textes.reduce((l, t) => l.filter({ hasText: t }), table.locator('tbody tr'));

/** The text of a PDF, by pdftotext. */
export function textePdf(octets: Buffer): string {
  const fichier = path.join(mkdtempSync(path.join(tmpdir(), 'manquement-')), 'rapport.pdf');
  writeFileSync(fichier, octets);
  return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', fichier, '-'], { encoding: 'utf8' });
}

/** Step 2: every exploitation group left out, so that only the control points are to be given. */
export async function ignorerGroupes(page: Page, saisie: SaisieControlePage): Promise<void> {
  const cases = page.getByRole('checkbox', { name: /^Inclure / });
  await expect(cases.first()).toBeVisible();
  for (const c of await cases.all()) {
    if (!(await c.isChecked())) continue;
    const nom = (await c.getAttribute('aria-label'))?.replace(/^Inclure /, '') ?? '';
    await saisie.ignorerGroupe(nom);
    await expect(c).not.toBeChecked();
  }
}

/** Types a point's value in its category tab: the thresholds impose NC and its severity. */
export async function saisirNc(page: Page, saisie: SaisieControlePage, p: PointNc): Promise<void> {
  await saisie.onglet(new RegExp(`^${p.categorie}`)).click();
  await page.getByTestId(`valeur-${p.cle}`).fill(p.valeur);
  await expect(page.getByTestId(`verdict-${p.cle}`)).toContainText('non conforme');
  const conformite = page.getByTestId(`conformite-${p.cle}`);
  await expect(conformite.getByRole('radio', { name: 'NC' })).toBeChecked();
  await expect(conformite.getByRole('radio', { name: 'C', exact: true })).toBeDisabled();
  await expect(page.getByTestId(`gravite-${p.cle}`)).toBeDisabled();
  await expect(page.getByTestId(`gravite-${p.cle}`)).not.toHaveValue('');
}

/** Step 3: the shortcoming's row opened, auditor's information and a corrective measure. */
export async function remplirPlan(page: Page, p: PointNc, constat: string): Promise<void> {
  const bloc = page.getByTestId(`manquement-${p.cle}`);
  if (!(await bloc.isVisible())) {
    await page
      .getByRole('row')
      .filter({ hasText: p.code })
      .filter({ hasText: p.aop.libelle })
      .first()
      .click();
  }
  await expect(bloc).toBeVisible();
  await bloc.getByLabel('Informations auditeur').fill(constat);
  await bloc.getByTestId(`${p.cle}-corrective-mesure`).fill(`Mettre en conformité ${p.code}`);
  await bloc.getByTestId(`${p.cle}-corrective-delai`).fill('1 mois');
}

/** Step 4: each label's report signed by the auditor and the audited party, then 'Finaliser'. */
export async function signerEtFinaliser(page: Page, labels: Label[]): Promise<void> {
  const synthese = new SyntheseAuditPage(page);
  await expect(page.getByRole('button', { name: 'Finaliser' })).toBeVisible();
  for (const label of labels) {
    await synthese.onglet(label.libelle).click();
    await expect(synthese.onglet(label.libelle)).toHaveAttribute('aria-selected', 'true');
    if (await synthese.signatureAuditeur.isEnabled()) {
      await synthese.ouvrirSignatureAuditeur();
      await synthese.signerAuditeur();
    }
    await synthese.ouvrirSignatureAudite();
    await synthese.remplirSignataire(0, 'Jeanne', 'Vuillemin');
    await synthese.validerSignatureAudite();
    await expect(synthese.signatureAudite).toBeDisabled();
  }
  await page.getByRole('button', { name: 'Finaliser' }).click();
  await expect(page.getByText('Le contrôle a été finalisé')).toBeVisible({ timeout: 60_000 });
}

/**
 * 'Créer un contrôle inopiné' offline for this operator on both its labels, as the controller
 * does on site: the entry form opens on the new visit. Returns its local ids.
 */
export async function creerInopine(
  page: Page,
  operateur: Operateur,
  jour: string,
): Promise<string[]> {
  const mt = new MesTourneesPage(page);
  await page.goto('/tournee');
  await mt.creerInopine.click();
  await expect(page.getByRole('heading', { name: 'Tournée inopinée - Création' })).toBeVisible();
  await page.getByLabel('Rechercher un opérateur').fill(operateur.raisonSociale);
  const ligne = page.getByRole('row').filter({ hasText: operateur.raisonSociale });
  await expect(ligne).toHaveCount(1);
  await ligne.click();
  await page.getByLabel('Date').fill(jour);
  await page.getByLabel('Heure').fill('14:00');
  await mt.choisir('AOP-IGP', [COMTE, MORBIER]);
  for (const label of [COMTE, MORBIER]) {
    await mt.premiereOption('Activités', page.getByRole('group', { name: `Appellation ${label}` }));
  }
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Le contrôle inopiné a bien été créé.')).toBeVisible();
  await expect(page).toHaveURL(/\/controle\/saisie\?ids=local-/);
  return (new URL(page.url()).searchParams.get('ids') ?? '').split(',');
}
