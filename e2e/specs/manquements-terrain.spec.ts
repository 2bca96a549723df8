import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { COMPTES } from '../pages/comptes';
import { ConnexionPage } from '../pages/ConnexionPage';
import type { Coquille } from '../pages/Coquille';
import { lireTable, type Enregistrement } from '../pages/Idb';
import { MesTourneesPage } from '../pages/MesTourneesPage';
import { dateFr, joursDeControle, ProgrammationPage } from '../pages/ProgrammationPage';
import { reserver } from '../pages/Reservations';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { SessionApi, synchroniser, type ReponsePush } from '../pages/Synchro';
import { SyntheseAuditPage } from '../pages/SyntheseAuditPage';
import { controleurSurTablette } from '../pages/tablette';

/**
 * Issue 27 "Must show", first bullet: what the controller finds offline becomes the office's work.
 * A round built by the animateur, three NC points over two labels finalised offline, seen by the
 * office everywhere it looks, carried to the next visit as previous shortcomings, found again
 * without a second row, and the same push replayed ten times changing nothing.
 */

mkdirSync(CAPTURES, { recursive: true });
test.use({ viewport: { width: 1024, height: 768 } });

const capture = (page: Page, nom: string) =>
  page.screenshot({ path: `${CAPTURES}/manquements-terrain-${nom}-1024x768.png` });

/** The two labels of the Comté ODG: the visit holds both. */
const COMTE = 'Comté';
const MORBIER = 'Morbier';

/**
 * Points of the demo grids whose thresholds judge a typed value, with a value beyond their limit
 * (the verdict NC is then imposed): two are taken on Comté and one on Morbier, among those the
 * operator has no shortcoming on yet (an open one would be updated, not created).
 */
const POINTS_NC: Record<string, { code: string; categorie: string; valeur: string }[]> = {
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

interface Label {
  id: string;
  libelle: string;
}
interface Operateur {
  id: string;
  raisonSociale: string;
  siret: string;
  aops: Label[];
}
interface PointNc {
  code: string;
  categorie: string;
  valeur: string;
  aop: Label;
  /** The grid's key of its shortcoming: `${code}-${aopIgpId}`. */
  cle: string;
}
interface LigneManquement {
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
interface Candidat {
  id: string;
  raisonSociale: string;
  dernierControle: string | null;
  manquementsOuverts: number;
}
interface Preselection {
  totalCandidats: number;
  content: Candidat[];
}
/** A push the device sent, as it went on the wire. */
interface PushCapture {
  corps: Buffer;
  entetes: Record<string, string>;
}

async function lire<T>(api: SessionApi, chemin: string): Promise<T> {
  const r = await api.request.get(chemin, { headers: api.headers });
  expect(r.status(), `${chemin} : ${await r.text()}`).toBe(200);
  return (await r.json()) as T;
}

/**
 * A Comté-and-Morbier operator whose card comes out complete (a site and activities for each
 * label), whose name no other operator bears (read by name in the basket and on the device), not
 * already in the basket; reserved so that no other spec programmes it meanwhile.
 */
async function reserverOperateurDeuxLabels(api: SessionApi): Promise<Operateur> {
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
async function manquementsDe(bureau: SessionApi, operateurId: string) {
  const { content } = await lire<{ content: LigneManquement[] }>(
    bureau,
    `/api/tdb/manquement?personneMoraleId=${operateurId}&size=500`,
  );
  return content;
}

/** Next year's campaign of the ODG (created once, not current): this operator is its candidate. */
async function campagneSuivante(bureau: SessionApi): Promise<{ id: string; libelle: string }> {
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
async function choisirOption(page: Page, champ: Locator, texte: string): Promise<void> {
  const option = page.getByRole('option', { name: texte }).first();
  await expect(async () => {
    if (!(await option.isVisible())) await champ.click();
    await expect(option).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await option.click();
}

const preselection = (bureau: SessionApi, campagneId: string, aopIgpId: string) =>
  lire<Preselection>(
    bureau,
    `/api/tdb/pression/preselection?campagneId=${campagneId}&aopIgpId=${aopIgpId}&size=2000`,
  );

/** 'yyyy-mm-dd' one month later, the end of a month kept (31/01 → 28/02). */
function unMoisApres(jour: string): string {
  const [a, m, j] = jour.split('-').map(Number) as [number, number, number];
  const annee = m === 12 ? a + 1 : a;
  const mois = m === 12 ? 1 : m + 1;
  const dernier = new Date(Date.UTC(annee, mois, 0)).getUTCDate();
  return `${annee}-${String(mois).padStart(2, '0')}-${String(Math.min(j, dernier)).padStart(2, '0')}`;
}

const jourParis = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(iso));

/** The parts of a multipart body: the file parts' names and bytes. */
function partiesFichiers(corps: Buffer, contentType: string): { nom: string; octets: Buffer }[] {
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
function capturerEnvois(): void {
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
const lignesAvec = (table: Locator, textes: string[]) =>
  textes.reduce((l, t) => l.filter({ hasText: t }), table.locator('tbody tr'));

/** The text of a PDF, by pdftotext. */
function textePdf(octets: Buffer): string {
  const fichier = path.join(mkdtempSync(path.join(tmpdir(), 'manquement-')), 'rapport.pdf');
  writeFileSync(fichier, octets);
  return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', fichier, '-'], { encoding: 'utf8' });
}

/** Step 2: every exploitation group left out, so that only the control points are to be given. */
async function ignorerGroupes(page: Page, saisie: SaisieControlePage): Promise<void> {
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
async function saisirNc(page: Page, saisie: SaisieControlePage, p: PointNc): Promise<void> {
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
async function remplirPlan(page: Page, p: PointNc, constat: string): Promise<void> {
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
async function signerEtFinaliser(page: Page, labels: Label[]): Promise<void> {
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
async function creerInopine(page: Page, operateur: Operateur, jour: string): Promise<string[]> {
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
    manquementsTerrain = (await manquementsDe(bureau, operateur.id)).filter((m) =>
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
    const courante = (
      await lire<{ id: string; courante: boolean }[]>(bureau, '/api/campagne')
    ).find((c) => c.courante);
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
      expect(rang, `${operateur.raisonSociale} candidat ${label.libelle}`).toBeGreaterThanOrEqual(
        0,
      );
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
    await choisirOption(
      office,
      office.getByRole('combobox', { name: 'Campagne' }),
      libelleSuivante,
    );
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
