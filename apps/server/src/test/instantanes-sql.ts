import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Database, DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';
import { createPersonneMoraleRepository } from '../modules/annuaire/personne-morale.repository';
import { createAnnuaireDocumentsRepository } from '../modules/synchro/annuaire-documents.repository';
import {
  FLUX,
  fluxAvecNouveautes,
  idsDansPortee,
  lireLot,
  requeteLot,
  type EntiteCurseur,
  type Portee,
} from '../modules/synchro/feeds.repository';
import { createPressionRepository } from '../modules/tableau-de-bord/pression.repository';
import { createTdbControlesRepository } from '../modules/tableau-de-bord/tdb-controles.repository';
import { createTdbManquementsRepository } from '../modules/tableau-de-bord/tdb-manquements.repository';
import { createTourneesRepository } from '../modules/tournees/tournees.repository';

/**
 * Query snapshots (Immich's `server/src/queries`): the SQL each repository whose SQL is written
 * by hand sends to the database, one Markdown record per repository under `apps/server/requetes/`
 * (a `##` heading per call, its queries in a ```sql block): records, not code anyone edits, so
 * they read highlighted in review and stay out of the code's duplicate count. A change of a query
 * shows in review as a diff of that file; the test (instantanes-sql.test.ts) fails when a file no
 * longer matches, and `npm run sql:instantanes` writes them again.
 * Parameters stay `$n`: the text does not depend on the values, only on the calls below.
 */
export const DOSSIER_INSTANTANES = path.resolve(import.meta.dirname, '../../requetes');
export const COMMANDE_INSTANTANES = 'npm run sql:instantanes';

type Appels = Record<string, (db: Database) => Promise<unknown>>;

const ODG = 1;
const ID = 1;
const bureau: Portee = { utilisateurId: ID, odgId: ODG, controleur: false };
const controleur: Portee = { utilisateurId: ID, odgId: ODG, controleur: true };
const debut = { xid: '0', id: 0 };
const sansFiltre = { isHabilite: undefined, aop: [], activite: [], statut: [], groupe: [] };
const entites = Object.keys(FLUX).filter((e): e is EntiteCurseur => e in FLUX);

/** Each feed's batch (office and controller scope) and its scope check. */
function appelsDesFlux(): Appels {
  const appels: Appels = {};
  for (const e of entites) {
    appels[`lireLot ${e} (bureau)`] = (db) => lireLot(db, e, bureau, debut, 200);
    appels[`lireLot ${e} (contrôleur)`] = (db) => lireLot(db, e, controleur, debut, 200);
    appels[`idsDansPortee ${e}`] = (db) => idsDansPortee(db, e, bureau, [ID, 2]);
  }
  return appels;
}

/** The calls of each covered repository: every read, with filters that reach every clause. */
const REPERTOIRE: Record<string, Appels> = {
  'synchro.feeds': appelsDesFlux(),
  'synchro.feeds-nouveautes': {
    fluxAvecNouveautes: (db) =>
      fluxAvecNouveautes(db, [
        { entite: 'controle', portee: controleur, apres: debut },
        { entite: 'tournee', portee: controleur, apres: debut },
      ]),
  },
  'synchro.annuaire-documents': {
    annuaire: (db) => createAnnuaireDocumentsRepository(db).annuaire([ID, 2]),
    lotAnnuaire: (db) =>
      createAnnuaireDocumentsRepository(db).lotAnnuaire(
        requeteLot('annuaire-morale', bureau, debut, 200),
      ),
    tournee: (db) => createAnnuaireDocumentsRepository(db).tournee([ID, 2]),
    manquement: (db) => createAnnuaireDocumentsRepository(db).manquement([ID, 2]),
  },
  'tableau-de-bord.tdb-controles': {
    'page (sans filtre)': (db) => createTdbControlesRepository(db).page(ODG, {}, 0, 20),
    'page (filtres)': (db) =>
      createTdbControlesRepository(db).page(
        ODG,
        {
          dateFrom: '2025-01-01',
          dateTo: '2026-12-31',
          nature: ['EXTERNE'],
          resultat: ['CONFORME'],
          statut: ['REALISE'],
          niveau: ['HABILITATION'],
          sort: ['date,desc'],
        },
        1,
        20,
      ),
    parMois: (db) => createTdbControlesRepository(db).parMois(ODG, {}),
    deLOperateur: (db) => createTdbControlesRepository(db).deLOperateur(ODG, ID),
    parId: (db) => createTdbControlesRepository(db).parId(ODG, ID),
    operateur: (db) => createTdbControlesRepository(db).operateur(ID),
    operateurDuPerimetre: (db) => createTdbControlesRepository(db).operateurDuPerimetre(ODG, ID),
  },
  'tableau-de-bord.tdb-manquements': {
    'page (sans filtre)': (db) => createTdbManquementsRepository(db).page(ODG, {}, 0, 20),
    'page (filtres)': (db) =>
      createTdbManquementsRepository(db).page(
        ODG,
        { etat: ['EN_COURS'], seuil: ['MAJEUR'], nature: ['EXTERNE'], recidive: true },
        0,
        20,
      ),
    parCategorie: (db) => createTdbManquementsRepository(db).parCategorie(ODG, {}),
    detail: (db) => createTdbManquementsRepository(db).detail(ODG, ID),
    historique: (db) => createTdbManquementsRepository(db).historique(ID),
    precedents: (db) => createTdbManquementsRepository(db).precedents(ID),
    pointDuLabel: (db) => createTdbManquementsRepository(db).pointDuLabel(ODG, ID, ID),
  },
  'tableau-de-bord.pression': {
    campagnes: (db) => createPressionRepository(db).campagnes(ODG),
    campagneDuPerimetre: (db) => createPressionRepository(db).campagneDuPerimetre(ODG, ID),
    aopDuPerimetre: (db) => createPressionRepository(db).aopDuPerimetre(ODG, ID),
    lignes: (db) => createPressionRepository(db).lignes(ODG, ID),
    preselection: (db) => createPressionRepository(db).preselection(ODG, ID, ID, 10),
    idsCandidats: (db) => createPressionRepository(db).idsCandidats(ODG, ID, ID),
    operateurs: (db) => createPressionRepository(db).operateurs([ID, 2]),
    activiteDuLabel: (db) => createPressionRepository(db).activiteDuLabel(ID, ID),
    tirages: (db) => createPressionRepository(db).tirages(ODG, ID, ID),
    tirage: (db) => createPressionRepository(db).tirage(ODG, ID),
  },
  'tournees.tournees': {
    'lister (sans filtre)': (db) =>
      createTourneesRepository(db).lister(ODG, { statuts: [] }, [], { page: 0, size: 20 }),
    'lister (filtres)': (db) =>
      createTourneesRepository(db).lister(
        ODG,
        {
          controleur: 'dupont',
          statuts: ['PREPARATION'],
          periodeFrom: '2025-01-01',
          periodeTo: '2026-12-31',
          campagneId: ID,
          controleurId: ID,
        },
        ['debut,desc'],
        { page: 1, size: 20 },
      ),
    trouver: (db) => createTourneesRepository(db).trouver(ID, ODG),
    controles: (db) => createTourneesRepository(db).controles([ID, 2]),
    operateurs: (db) => createTourneesRepository(db).operateurs(ID),
    evenements: (db) => createTourneesRepository(db).evenements(ID),
    campagne: (db) => db.transaction((tx) => createTourneesRepository(db).campagne(tx, ID)),
    estControleurDeLOdg: (db) => createTourneesRepository(db).estControleurDeLOdg(db, ID, ODG),
  },
  'annuaire.personne-morale': {
    'rechercher (sans filtre)': (db) =>
      createPersonneMoraleRepository(db).rechercher(ODG, sansFiltre, [], 0, 20),
    'rechercher (texte, habilités)': (db) =>
      createPersonneMoraleRepository(db).rechercher(
        ODG,
        {
          isHabilite: true,
          aop: [ID],
          activite: [ID],
          statut: ['EN_COURS'],
          groupe: [ID],
          raisonSociale: 'ferme',
          siret: '123',
        },
        ['raisonSociale,asc'],
        20,
        20,
      ),
    idsExport: (db) => createPersonneMoraleRepository(db).idsExport(ODG, sansFiltre, []),
    lignesExport: (db) => createPersonneMoraleRepository(db).lignesExport(ODG, [ID, 2]),
    courts: (db) => createPersonneMoraleRepository(db).courts(ODG, 'fer', ID, 10, true),
    trouver: (db) => createPersonneMoraleRepository(db).trouver(ODG, ID),
    sites: (db) => createPersonneMoraleRepository(db).sites(ODG, ID),
  },
};

/** A query as written in its template: the common indent removed, trailing blanks dropped. */
export function miseEnForme(requete: string): string {
  const lignes = requete.replace(/\s+$/, '').split('\n');
  const [premiere = '', ...suite] = lignes;
  const retraits = suite.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)?.[0].length ?? 0);
  const retrait = Math.min(...retraits);
  return [premiere.trim(), ...suite.map((l) => l.slice(Number.isFinite(retrait) ? retrait : 0))]
    .map((l) => l.trimEnd())
    .join('\n');
}

/** The drizzle database over the handle's own connection, telling each query it sends. */
function espion(handle: DatabaseHandle, entendre: (requete: string) => void): Database {
  // node-postgres logs a transaction's `begin`/`commit`, PGlite does not: not the repository's SQL.
  const logger = {
    logQuery: (requete: string) => {
      if (!/^(begin|commit|rollback)$/i.test(requete.trim())) entendre(requete);
    },
  };
  if (handle.pglite) return drizzlePglite(handle.pglite, { schema, logger });
  if (handle.pool) return drizzlePg(handle.pool, { schema, logger });
  throw new Error('base sans connexion connue (ni PGlite ni pool PostgreSQL)');
}

/** The fence of a call's block; a query never holds three backticks, so it cannot close early. */
export const CLOTURE_SQL = '```';

/** Each covered repository's snapshot, by file name (`<module>.<repository>.md`). */
export async function instantanesSql(handle: DatabaseHandle): Promise<Map<string, string>> {
  let entendues: string[] = [];
  const db = espion(handle, (r) => entendues.push(r));
  const fichiers = new Map<string, string>();
  for (const [depot, appels] of Object.entries(REPERTOIRE)) {
    const blocs = [
      `# ${depot}`,
      `Instantané généré par \`${COMMANDE_INSTANTANES}\` : ne pas modifier.`,
    ];
    for (const [nom, appel] of Object.entries(appels)) {
      entendues = [];
      await appel(db);
      const requetes = entendues.map((r) => `${miseEnForme(r)};`).join('\n\n');
      blocs.push(`## ${nom}`, `${CLOTURE_SQL}sql\n${requetes}\n${CLOTURE_SQL}`);
    }
    fichiers.set(`${depot}.md`, `${blocs.join('\n\n')}\n`);
  }
  return fichiers;
}
