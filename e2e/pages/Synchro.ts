import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MOT_DE_PASSE } from './comptes';
import { ecrireTable, lireTable, type Enregistrement } from './Idb';
import { reserver } from './Reservations';

/** A document of a pull feed, as the server serves it. */
export type DocumentServeur = Record<string, unknown> & { id: string; _deleted?: boolean };
export interface Checkpoint {
  id: string;
  lastSync: string;
}
export interface LotServeur {
  documents: DocumentServeur[];
  checkpoint: Checkpoint;
}
/** The answer of `POST /api/synchro/controle`. */
export interface ReponsePush {
  resultats: {
    localId: string;
    clientUuid?: string;
    id: string | null;
    version: number | null;
    statut: 'ACCEPTE' | 'DOUBLON' | 'CONFLIT' | 'REJETE';
  }[];
  toRemove: string[];
  documents: { nom: string; id: string | null; statut: string }[];
}
/** What one sync run measured (the engine's `estive:synchro` performance entry). */
export interface Bilan {
  envoyes: { controles: number };
  conflits: number;
  rejets: { id: string; message: string }[];
}

/**
 * The server as a user's API client sees it: its own session (a separate cookie jar from the
 * browser's), bearer token and active right (`X-Droit-Actif`, the account's first right).
 */
export class SessionApi {
  private constructor(
    readonly request: APIRequestContext,
    readonly headers: Record<string, string>,
  ) {}

  /** `odg` picks the active right by its organisation's name; else the account's first right. */
  static async ouvrir(
    request: APIRequestContext,
    login: string,
    odg?: RegExp,
  ): Promise<SessionApi> {
    const connexion = await request.post('/api/auth/login', {
      data: { login, password: MOT_DE_PASSE },
    });
    expect(connexion.status()).toBe(200);
    const { accessToken } = (await connexion.json()) as { accessToken: string };
    const authorization = `Bearer ${accessToken}`;
    const principal = await request.get('/api/principal', { headers: { authorization } });
    const { droits } = (await principal.json()) as {
      droits: { id: string; raisonSociale: string }[];
    };
    const droit = odg ? droits.find((d) => odg.test(d.raisonSociale)) : droits[0];
    if (!droit) throw new Error(`${login} : aucun droit sur ${String(odg)}`);
    return new SessionApi(request, { authorization, 'X-Droit-Actif': droit.id });
  }

  async lot(entite: string, taille: number, depuis?: Checkpoint): Promise<LotServeur> {
    const query = new URLSearchParams({ batchSize: String(taille), ...(depuis ?? {}) });
    const reponse = await this.request.get(`/api/synchro/${entite}?${query}`, {
      headers: this.headers,
    });
    expect(reponse.status()).toBe(200);
    return (await reponse.json()) as LotServeur;
  }

  /** A whole feed pulled from scratch, as a new device would. */
  async flux(entite: string, taille: number): Promise<LotServeur> {
    const documents: DocumentServeur[] = [];
    let checkpoint: Checkpoint | undefined;
    for (;;) {
      const lot = await this.lot(entite, taille, checkpoint);
      documents.push(...lot.documents);
      checkpoint = lot.checkpoint;
      if (lot.documents.length < taille) return { documents, checkpoint };
    }
  }

  /** A GET that must answer 200: its JSON, typed by the caller as the spec reads it. */
  async lire<T>(chemin: string): Promise<T> {
    const reponse = await this.request.get(chemin, { headers: this.headers });
    expect(reponse.status(), `${chemin} : ${await reponse.text()}`).toBe(200);
    return (await reponse.json()) as T;
  }

  async post(chemin: string, data: object): Promise<Record<string, unknown>> {
    const reponse = await this.request.post(chemin, { headers: this.headers, data });
    expect(reponse.status(), await reponse.text()).toBe(200);
    return (await reponse.json()) as Record<string, unknown>;
  }
}

/**
 * A valid grid whose exploitation group is named after `marque`: it identifies one controller
 * entry on the server (as in the server's fault suite).
 */
export function grilleMarquee(marque: string) {
  return {
    categories: [],
    groupesSysExploitation: [{ id: 'marque', libelle: marque, ignore: false, points: [] }],
    manquements: [],
  };
}

/** A mark is unique to its run of a test: repeated runs (--repeat-each) share one server. */
const unique = (marque: string) => `${marque}-r${test.info().repeatEachIndex}`;

const porteMarque = (c: Record<string, unknown>, marque: string) =>
  JSON.stringify(c.grille ?? null).includes(`"libelle":"${unique(marque)}"`);

/** Programmed controls on the device, untouched by earlier cases (no entry yet): at least `nombre`. */
export async function controlesProgrammes(
  page: Page,
  nombre: number,
  garder = nombre,
): Promise<Enregistrement[]> {
  const programmes = (await lireTable(page, 'controles'))
    .filter((c) => c.statut === 'PROGRAMME' && c.sync === true)
    .sort((a, b) => Number(a.id) - Number(b.id));
  expect(programmes.length).toBeGreaterThanOrEqual(nombre);
  // A spec that keeps them all only looks among them (and reserves what it then changes).
  return Number.isFinite(garder) ? reserver(programmes, garder) : programmes;
}

/**
 * The controller fills a control on the device: the record is rewritten as the entry form saves
 * it (EN_COURS, step 2, unsynced, stamped with the device's clock), its grid carrying `marque`.
 */
export async function saisirSurAppareil(page: Page, id: string, marque: string): Promise<void> {
  const controle = (await lireTable(page, 'controles')).find((c) => c.id === id);
  if (!controle) throw new Error(`contrôle ${id} absent de l'appareil`);
  const timestamp = await page.evaluate(() => Date.now());
  await ecrireTable(page, 'controles', [
    {
      ...controle,
      statut: 'EN_COURS',
      etapeSaisie: 2,
      grille: grilleMarquee(unique(marque)),
      timestamp,
      sync: false,
    },
  ]);
}

/** Runs used so far in this page (one `estive:synchro` entry per finished run). */
const runsTermines = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('estive:synchro').length);

/**
 * Presses the screen's sync button and waits for the run's own end (its performance entry),
 * not for a label that an earlier run already shows. Returns what the run measured.
 */
export async function synchroniser(page: Page): Promise<Bilan> {
  const avant = await runsTermines(page);
  await page.getByRole('button', { name: /^(Synchroniser vos données|Synchronisé le)/ }).click();
  await page.waitForFunction(
    (n) => performance.getEntriesByName('estive:synchro').length > n,
    avant,
    { timeout: 90_000 },
  );
  return page.evaluate(() => {
    const mesures = performance.getEntriesByName('estive:synchro') as PerformanceMeasure[];
    return mesures[mesures.length - 1]!.detail as Bilan;
  });
}

/**
 * The same, for a page under Playwright's fake clock (whose `performance` keeps no entries):
 * the run's end is the device's own record of its last successful run changing.
 */
export async function synchroniserSousHorloge(page: Page): Promise<void> {
  const derniere = async () =>
    (await lireTable(page, 'meta')).find((m) => m.key === 'derniereSynchro')?.value ?? null;
  const avant = await derniere();
  await page.getByRole('button', { name: /^(Synchroniser vos données|Synchronisé le)/ }).click();
  await expect.poll(derniere, { timeout: 90_000 }).not.toEqual(avant);
}

/**
 * How every case ends: the device holds no unpushed work and exactly the server's controls of
 * its scope, in the server's state (version, status, grid, conflict flag); each entry is on the
 * server exactly once (by id, by clientUuid, by its mark).
 */
export async function verifierAccord(
  page: Page,
  api: SessionApi,
  marques: string[],
): Promise<DocumentServeur[]> {
  const appareil = await lireTable(page, 'controles');
  expect(appareil.filter((c) => c.sync !== true).map((c) => c.id)).toEqual([]);
  expect(appareil.filter((c) => c.id.startsWith('local-'))).toEqual([]);
  const serveur = (await api.flux('controle', 10)).documents.filter((d) => !d._deleted);
  const ids = serveur.map((d) => d.id);
  expect(new Set(ids).size, 'un contrôle servi deux fois').toBe(ids.length);
  const uuids = serveur.map((d) => d.clientUuid).filter((u) => typeof u === 'string');
  expect(new Set(uuids).size, 'un clientUuid en double').toBe(uuids.length);
  expect(appareil.map((c) => c.id).sort()).toEqual([...ids].sort());
  const parId = new Map(appareil.map((c) => [c.id, c]));
  for (const s of serveur) {
    const local = parId.get(s.id)!;
    const etat = (c: Record<string, unknown>) => ({
      id: c.id,
      version: c.version,
      statut: c.statut,
      grille: c.grille ?? null,
      conflit: c.conflit,
      raisonAbandon: c.raisonAbandon ?? null,
    });
    expect(etat(local)).toEqual(etat(s));
  }
  for (const marque of marques) {
    expect(serveur.filter((s) => porteMarque(s, marque)).length, `entrée ${marque}`).toBe(1);
  }
  return serveur;
}

/** Server documents carrying a mark (see `grilleMarquee`). */
export const avecMarque = (documents: DocumentServeur[], marque: string) =>
  documents.filter((d) => porteMarque(d, marque));
