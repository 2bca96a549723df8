// @ts-check
// The architecture's import boundaries (docs/architecture.md §2), as one ESLint rule that resolves
// each import to the file it names: path patterns on the import string cannot tell `../synchro/x`
// from inside `controles` (another module) from the same string inside a sub-folder, a resolved
// path can.
import path from 'node:path';

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
  const serveur = /^apps\/server\/(?:src\/)?(.*)$/.exec(rel);
  if (serveur) {
    const reste = /** @type {string} */ (serveur[1]);
    const mod = /^modules\/([^/]+)\/(.+)$/.exec(reste);
    if (!mod) return { zone: 'server', dossier: reste.split('/')[0], rel };
    const nom = /** @type {string} */ (mod[2]).replace(/\.(ts|tsx|js)$/, '');
    const couche = /\.(routes|service|repository|presenter|module)$/.exec(nom)?.[1] ?? 'autre';
    return { zone: 'server', module: mod[1], couche, nom, rel };
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

const estTest = (/** @type {string} */ rel) => /\.test(-helpers)?(\.tsx?)?$|\/test\//.test(rel);

/**
 * Why importing `b` from `a` breaks the architecture, or undefined when it does not.
 * @param {ReturnType<typeof situer>} a
 * @param {ReturnType<typeof situer>} b
 */
export function infraction(a, b) {
  if (a.zone in PAQUETS_PERMIS && b.zone !== a.zone) {
    const permis = PAQUETS_PERMIS[/** @type {keyof typeof PAQUETS_PERMIS} */ (a.zone)];
    if (!(/** @type {string[]} */ (permis).includes(b.zone)))
      return `le paquet ${a.zone} ne peut importer que ${permis.length ? permis.join(', ') : 'des bibliothèques tierces'} (pas ${b.rel})`;
    return undefined;
  }
  if (a.zone === 'web' && b.zone === 'server') return 'le web ne dépend jamais du serveur';
  if (a.zone === 'server' && b.zone === 'web') return 'le serveur ne dépend jamais du web';
  if (a.zone === 'server' && b.zone === 'server') return infractionServeur(a, b);
  if (a.zone === 'web' && b.zone === 'web') return infractionWeb(a, b);
  return undefined;
}

/** @param {ReturnType<typeof situer>} a @param {ReturnType<typeof situer>} b */
function infractionServeur(a, b) {
  if (!a.module) {
    // lib/ and db/ sit below the modules; app.ts and modules/index.ts compose them.
    if ((a.dossier === 'lib' || a.dossier === 'db') && b.dossier === 'modules')
      return `${a.dossier}/ est sous les modules, il ne les importe pas (${b.rel})`;
    return undefined;
  }
  if (!b.module) return undefined;
  if (b.module !== a.module) {
    if (b.couche === 'service' || estTest(b.rel)) return undefined;
    return `le module ${a.module} n'utilise ${b.module} que par son service (pas ${b.rel})`;
  }
  if (a.couche === 'routes' && b.couche === 'repository')
    return 'une route passe par le service, jamais par le repository';
  if (a.couche === 'repository' && (b.couche === 'service' || b.couche === 'routes'))
    return 'un repository ne dépend pas des couches au-dessus (service, routes)';
  if (a.couche === 'service' && b.couche === 'routes') return 'un service ne dépend pas des routes';
  if (a.couche === 'presenter' && b.couche !== 'autre' && b.couche !== 'presenter')
    return 'un presenter met en forme des lignes, il ne dépend ni des routes, ni du service, ni du repository';
  return undefined;
}

/** @param {ReturnType<typeof situer>} a @param {ReturnType<typeof situer>} b */
function infractionWeb(a, b) {
  const basses = ['lib', 'offline', 'ui'];
  if (basses.includes(a.dossier ?? '') && (b.dossier === 'features' || b.dossier === 'app'))
    return `${a.dossier}/ est sous les features et l'app, il ne les importe pas (${b.rel})`;
  if (a.dossier === 'features' && b.dossier === 'app')
    return `une feature n'importe pas app/, c'est app/ qui compose les features (${b.rel})`;
  if (a.dossier === 'features' && b.dossier === 'features' && b.feature !== a.feature && !b.index)
    return `la feature ${a.feature} n'utilise ${b.feature} que par son index.ts (pas ${b.rel})`;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const regle = {
  meta: {
    type: 'problem',
    docs: { description: "Frontières d'import de l'architecture (docs/architecture.md §2)" },
    schema: [],
    messages: { frontiere: 'Frontière franchie : {{raison}}.' },
  },
  create(context) {
    const fichier = context.filename;
    const ici = situer(fichier);
    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const verifier = (node) => {
      const src = node.source;
      if (!src || src.type !== 'Literal' || typeof src.value !== 'string') return;
      const chemin = cible(src.value, fichier);
      if (!chemin) return;
      const raison = infraction(ici, situer(chemin));
      if (raison) context.report({ node: src, messageId: 'frontiere', data: { raison } });
    };
    return {
      ImportDeclaration: verifier,
      ExportNamedDeclaration: verifier,
      ExportAllDeclaration: verifier,
      ImportExpression: verifier,
    };
  },
};

export default { rules: { frontieres: regle } };
