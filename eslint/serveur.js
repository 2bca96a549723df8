// @ts-check
// The server's layers (issue 31 item 4): which folder sits under which, and inside a module which
// layer may call which. Read by frontieres.js, which resolves each import to the file it names.

/**
 * @typedef {{ zone: string, rel: string, source?: boolean, dossier?: string, module?: string,
 *   couche?: string }} Place where a file sits (frontieres.js `situer`)
 */

/** Tests and their helpers: free to use any helper, never imported by source. */
export const estTest = (/** @type {string} */ rel) =>
  /[.-]test(-helpers)?(\.tsx?)?$|\/test\/|\/base-de-test(\.ts)?$/.test(rel);

/**
 * Server layers, by file name: `<nom>.<couche>.ts`. A module file without a suffix is classified
 * by name below, so a new file cannot escape the rule: an unclassified one is itself an error.
 * - routes: HTTP (handlers, and the request parsing they share);
 * - service: the module's rules and transactions (and the steps a service runs inside them);
 * - repository: SQL (and the SQL fragments repositories share); client: an outside system;
 * - presenter: rows to contract shapes (JSON, spreadsheet columns), no I/O;
 * - pur: computation without I/O (parsing, message texts, fingerprints, cursors, validation);
 * - module / job: composition (the module's wiring, a scheduled task), as app.ts.
 */
const COUCHES = ['routes', 'service', 'repository', 'client', 'presenter', 'pur', 'module', 'job'];
export const SUFFIXE = new RegExp(`\\.(${COUCHES.join('|')})$`);

/** @type {Record<string, string>} */
export const COUCHE_PAR_NOM = {
  'annuaire/formulaire-multipart': 'routes',
  'synchro/multipart': 'routes',
  'synchro/apply-controle': 'service',
  'synchro/apply-saisie': 'service',
  'synchro/push-documents': 'service',
  'tournees/documents': 'service',
  'annuaire/anonymisation.traces': 'repository',
  'annuaire/operateur-court': 'repository',
  'annuaire/perimetre': 'repository',
  'tableau-de-bord/sql-fragments': 'repository',
  'annuaire/exports': 'presenter',
  'annuaire/communes': 'pur',
  'comptes/import-fichier': 'pur',
  'comptes/import-xlsx': 'pur',
  'mail/messages': 'pur',
  'synchro/cursor': 'pur',
  'synchro/empreinte': 'pur',
  'tournees/validation': 'pur',
};

/** Server folders outside modules, lowest first; composition imports anything of the server. */
/** @type {Record<string, number | undefined>} */
export const NIVEAU_SERVEUR = {
  lib: 0,
  db: 0,
  'config.ts': 0,
  modules: 1,
  plugins: 2,
  ops: 3,
  demo: 3,
  'app.ts': 3,
  'main.ts': 3,
  test: 3,
};

/** A folder's level, or undefined when unclassified. @param {Place} s */
export const niveau = (s) =>
  s.dossier === 'modules' && !s.module
    ? 3 // modules/index.ts composes the modules, as app.ts
    : NIVEAU_SERVEUR[s.dossier ?? ''];

/** @param {Place} a @param {Place} b @param {boolean} typeSeul */
export function infractionServeur(a, b, typeSeul) {
  if (estTest(a.rel)) {
    // A test may use any helper, but another module still only through its service.
    if (a.module && b.module && b.module !== a.module && b.couche !== 'service' && !estTest(b.rel))
      return `le module ${a.module} n'utilise ${b.module} que par son service (pas ${b.rel})`;
    return undefined;
  }
  const na = niveau(a);
  const nb = niveau(b);
  if (!a.module) {
    if (na === undefined || nb === undefined) return undefined;
    if (nb > na) return `${a.dossier} est sous ${b.dossier}, il ne l'importe pas (${b.rel})`;
    if (
      a.dossier === 'plugins' &&
      b.module &&
      !typeSeul &&
      !['service', 'repository', 'client'].includes(b.couche ?? '')
    )
      return `un plugin utilise un module par son service ou son repository (pas ${b.rel})`;
    return undefined;
  }
  if (!b.module) {
    // app.ts builds a plugin and hands it to the module, which names its type only.
    if (b.dossier === 'plugins' && typeSeul) return undefined;
    if (nb !== undefined && nb > 1)
      return `un module ne dépend pas de ${b.dossier} : app.ts lui passe ce qu'il y construit (pas ${b.rel})`;
    return undefined;
  }
  if (b.module !== a.module) {
    if (b.couche === 'service' || estTest(b.rel)) return undefined;
    return `le module ${a.module} n'utilise ${b.module} que par son service (pas ${b.rel})`;
  }
  return infractionCouche(a.couche, b.couche, typeSeul, b.rel);
}

/** What each layer may call in its own module (types aside). */
const APPELS_PERMIS = {
  routes: ['routes', 'service', 'presenter', 'pur', 'client'],
  service: ['service', 'repository', 'client', 'presenter', 'pur'],
  repository: ['repository', 'pur'],
  client: ['client', 'pur'],
  presenter: ['presenter', 'pur'],
  pur: ['pur'],
};

const RAISONS_COUCHE = {
  routes: 'une route passe par le service, jamais par le repository',
  service: 'un service ne dépend pas des routes',
  repository: 'un repository ne dépend pas des couches au-dessus (service, routes)',
  client: "un client d'un système extérieur ne dépend que de fichiers purs",
  presenter:
    'un presenter met en forme des lignes, il ne dépend ni des routes, ni du service, ni du repository',
  pur: "un fichier pur (sans I/O) n'importe que des fichiers purs",
};

/**
 * @param {string | undefined} ca @param {string | undefined} cb @param {boolean} typeSeul
 * @param {string} rel
 */
function infractionCouche(ca, cb, typeSeul, rel) {
  if (!ca || !cb || ca === 'module' || ca === 'job') return undefined;
  if (cb === 'module' || cb === 'job')
    return `un module est composé par son ${cb}, qui n'est importé que par la composition (pas ${rel})`;
  const couche = /** @type {keyof typeof APPELS_PERMIS} */ (ca);
  if (typeSeul) {
    // Types are shapes, not calls: a presenter names the rows its repository returns. Only a
    // type from the layer above the caller's is refused.
    if (cb === 'routes' && ca !== 'routes') return RAISONS_COUCHE[couche];
    if (ca === 'repository' && cb === 'service') return RAISONS_COUCHE.repository;
    return undefined;
  }
  return APPELS_PERMIS[couche].includes(cb) ? undefined : RAISONS_COUCHE[couche];
}
