// @ts-check
// The architecture's import boundaries (docs/architecture.md §2), as one ESLint rule that resolves
// each import to the file it names: path patterns on the import string cannot tell `../synchro/x`
// from inside `controles` (another module) from the same string inside a sub-folder, a resolved
// path can.
import path from 'node:path';
import { chemin as trajet, cle, lireGraphe } from './cycles.js';
import { COUCHE_PAR_NOM, estTest, infractionServeur, niveau, SUFFIXE } from './serveur.js';

const racine = path.resolve(import.meta.dirname, '..');

/** Where the workspace packages live, so `@estive/x/sub` resolves like a relative import. */
const PAQUETS = {
  '@estive/domain': 'packages/domain/src',
  '@estive/contracts': 'packages/contracts/src',
  '@estive/report': 'packages/report/src',
  '@estive/server': 'apps/server/src',
  '@estive/web': 'apps/web/src',
};

/**
 * What a file is, architecturally.
 * @param {string} fichier absolute path, without needing an extension
 */
export function situer(fichier) {
  const rel = path.relative(racine, fichier).split(path.sep).join('/');
  const paquet = /^packages\/(domain|contracts|report)\//.exec(rel);
  if (paquet) return { zone: /** @type {string} */ (paquet[1]), rel };
  const serveur = /^apps\/server\/(src\/)?(.*)$/.exec(rel);
  if (serveur) {
    const source = serveur[1] !== undefined;
    const reste = /** @type {string} */ (serveur[2]);
    const mod = /^modules\/([^/]+)\/(.+)$/.exec(reste);
    if (!mod) return { zone: 'server', source, dossier: reste.split('/')[0], rel };
    const nom = /** @type {string} */ (mod[2]).replace(/\.(ts|tsx|js)$/, '');
    const base = nom.split('/').pop() ?? nom;
    const couche =
      SUFFIXE.exec(nom)?.[1] ??
      (base === 'presenters' ? 'presenter' : COUCHE_PAR_NOM[`${mod[1]}/${nom}`]);
    return { zone: 'server', source, dossier: 'modules', module: mod[1], couche, nom, rel };
  }
  const web = /^apps\/web\/(?:src\/)?(.*)$/.exec(rel);
  if (web) {
    const reste = /** @type {string} */ (web[1]);
    const feat = /^features\/([^/]+)(?:\/(.+))?$/.exec(reste);
    if (feat) {
      // `features/x` names the folder, that is its index.ts.
      const interieur = (feat[2] ?? 'index').replace(/\.(ts|tsx)$/, '');
      return {
        zone: 'web',
        dossier: 'features',
        feature: feat[1],
        index: interieur === 'index',
        rel,
      };
    }
    return { zone: 'web', dossier: reste.split('/')[0], rel };
  }
  return { zone: 'autre', rel };
}

/**
 * The file an import names, or undefined for a third-party package.
 * @param {string} source
 * @param {string} depuis absolute path of the importing file
 */
function cible(source, depuis) {
  if (source.startsWith('.')) return path.resolve(path.dirname(depuis), source);
  for (const [nom, dossier] of Object.entries(PAQUETS)) {
    if (source === nom) return path.join(racine, dossier, 'index.ts');
    if (source.startsWith(`${nom}/`))
      return path.join(racine, dossier, source.slice(nom.length + 1));
  }
  return undefined;
}

const PAQUETS_PERMIS = {
  domain: [],
  contracts: ['domain'],
  report: ['domain'],
};

/** The demo data: the domain's `@estive/domain/demo` entry, for demo/ and tests only. */
const estDemo = (/** @type {string} */ rel) =>
  /^packages\/domain\/src\/(demo|grille\/fixtures)(\/|\.ts$|$)/.test(rel);

/**
 * Why importing `b` from `a` breaks the architecture, or undefined when it does not.
 * `typeSeul`: the import names types only (no runtime dependency).
 * @param {ReturnType<typeof situer>} a
 * @param {ReturnType<typeof situer>} b
 * @param {boolean} [typeSeul]
 */
export function infraction(a, b, typeSeul = false) {
  // e2e/ and bench/ (zone 'autre') are tests too.
  const demoPermise =
    a.zone === 'autre' || estTest(a.rel) || /^apps\/server\/src\/demo\//.test(a.rel);
  if (estDemo(b.rel) && !estDemo(a.rel) && !demoPermise)
    return `les données de démonstration ne servent qu'à demo/ et aux tests (pas ${a.rel})`;
  if (a.zone in PAQUETS_PERMIS && b.zone !== a.zone) {
    const permis = PAQUETS_PERMIS[/** @type {keyof typeof PAQUETS_PERMIS} */ (a.zone)];
    if (!(/** @type {string[]} */ (permis).includes(b.zone)))
      return `le paquet ${a.zone} ne peut importer que ${permis.length ? permis.join(', ') : 'des bibliothèques tierces'} (pas ${b.rel})`;
    return undefined;
  }
  if (a.zone === 'web' && b.zone === 'server') return 'le web ne dépend jamais du serveur';
  if (a.zone === 'server' && b.zone === 'web') return 'le serveur ne dépend jamais du web';
  if (a.zone === 'server' && b.zone === 'server') return infractionServeur(a, b, typeSeul);
  if (a.zone === 'web' && b.zone === 'web') return infractionWeb(a, b);
  return undefined;
}

/** @param {ReturnType<typeof situer>} a @param {ReturnType<typeof situer>} b */
function infractionWeb(a, b) {
  const basses = ['lib', 'offline', 'ui'];
  if (basses.includes(a.dossier ?? '') && (b.dossier === 'features' || b.dossier === 'app'))
    return `${a.dossier}/ est sous les features et l'app, il ne les importe pas (${b.rel})`;
  // The sync engine calls the server through lib/api: offline/ sits above lib/.
  if (a.dossier === 'lib' && b.dossier === 'offline')
    return `lib/ est sous offline/ (le moteur de synchro appelle lib/api), il ne l'importe pas (${b.rel})`;
  if (a.dossier === 'features' && b.dossier === 'app')
    return `une feature n'importe pas app/, c'est app/ qui compose les features (${b.rel})`;
  if (a.dossier === 'features' && b.dossier === 'features' && b.feature !== a.feature && !b.index)
    return `la feature ${a.feature} n'utilise ${b.feature} que par son index.ts (pas ${b.rel})`;
  return undefined;
}

/**
 * The feature a file belongs to, for the cycle check.
 * @param {string} fichier
 * @returns {import('./cycles.js').Feature | undefined}
 */
function featureDe(fichier) {
  const s = situer(fichier);
  if (s.zone === 'web' && s.feature) return { genre: 'web', feature: s.feature };
  if (s.zone === 'server' && s.module) return { genre: 'serveur', feature: s.module };
  return undefined;
}

/** @type {import('./cycles.js').Graphe | undefined} */
let grapheLu;
/** The tree's features graph, read once per process (see cycles.js). */
export const grapheDesFeatures = () => (grapheLu ??= lireGraphe(racine, featureDe, cible, estTest));

/** Why a file has no place in the architecture, or undefined. @param {ReturnType<typeof situer>} s */
function sansPlace(s) {
  if (s.zone !== 'server' || !s.source || estTest(s.rel)) return undefined;
  if (s.module && !s.couche)
    return `fichier de module sans couche (${s.rel}) : suffixe .routes, .service, .repository, .presenter, .client, .module ou .job, ou classement dans COUCHE_PAR_NOM (eslint/serveur.js)`;
  if (!s.module && niveau(s) === undefined)
    return `dossier du serveur non classé (${s.rel}) : à placer dans NIVEAU_SERVEUR (eslint/serveur.js)`;
  return undefined;
}

/**
 * Whether an import or export names types only.
 * @param {any} node a TS-ESTree import or export declaration
 */
function nommeDesTypes(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specs = /** @type {{ importKind?: string, exportKind?: string }[]} */ (
    node.specifiers ?? []
  );
  return (
    specs.length > 0 && specs.every((sp) => sp.importKind === 'type' || sp.exportKind === 'type')
  );
}

/** @type {import('eslint').Rule.RuleModule} */
const regle = {
  meta: {
    type: 'problem',
    docs: { description: "Frontières d'import de l'architecture (docs/architecture.md §2)" },
    schema: [],
    messages: {
      frontiere: 'Frontière franchie : {{raison}}.',
      place: 'Fichier hors architecture : {{raison}}.',
      cycle: 'Cycle entre features : {{trajet}}.',
    },
  },
  create(context) {
    const fichier = context.filename;
    const ici = situer(fichier);
    const de = featureDe(fichier);
    const verifierCycles = de !== undefined && !estTest(ici.rel);
    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const verifier = (node) => {
      const src = node.source;
      if (!src || src.type !== 'Literal' || typeof src.value !== 'string') return;
      const chemin = cible(src.value, fichier);
      if (!chemin) return;
      const raison = infraction(ici, situer(chemin), nommeDesTypes(node));
      if (raison) context.report({ node: src, messageId: 'frontiere', data: { raison } });
      const vers = verifierCycles ? featureDe(chemin) : undefined;
      if (de && vers && vers.genre === de.genre && vers.feature !== de.feature) {
        const retour = trajet(grapheDesFeatures(), cle(vers), cle(de));
        if (retour)
          context.report({
            node: src,
            messageId: 'cycle',
            data: { trajet: [de.feature, ...retour.map((n) => n.split(':')[1])].join(' → ') },
          });
      }
    };
    return {
      Program(node) {
        const raison = sansPlace(ici);
        if (raison) context.report({ node, messageId: 'place', data: { raison } });
      },
      ImportDeclaration: verifier,
      ExportNamedDeclaration: verifier,
      ExportAllDeclaration: verifier,
      ImportExpression: verifier,
    };
  },
};

export default { rules: { frontieres: regle } };
