// @ts-check
// Feature cycles (issue 31 item 4): a web feature or a server module that imports another which,
// directly or not, imports it back. The import rule sees one file at a time, a cycle is a property
// of the tree: the features' graph is read once per process from the files on disk (source only,
// tests may share their helpers across features), and each import between features is checked
// against it. The file being linted adds its own edge, so the file that closes a cycle is the one
// reported, whatever is cached.
import fs from 'node:fs';
import path from 'node:path';

/** Where features live, and what a feature is called in a message. */
export const RACINES_FEATURES = {
  web: 'apps/web/src/features',
  serveur: 'apps/server/src/modules',
};

/**
 * Import sources of a file's text: `import … from`, `export … from`, side-effect imports and
 * `import()`. Text patterns, not a parse: enough for a graph, the rule itself reads the AST.
 * @param {string} texte
 */
export function sourcesImportees(texte) {
  const statiques =
    /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"\n]+)['"]/g;
  const dynamiques = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
  return [...texte.matchAll(statiques), ...texte.matchAll(dynamiques)].map((m) => String(m[1]));
}

/** @param {string} dossier @returns {string[]} */
function fichiersTs(dossier) {
  if (!fs.existsSync(dossier)) return [];
  return fs.readdirSync(dossier, { withFileTypes: true }).flatMap((e) => {
    const chemin = path.join(dossier, e.name);
    if (e.isDirectory()) return fichiersTs(chemin);
    return /\.tsx?$/.test(e.name) ? [chemin] : [];
  });
}

/**
 * @typedef {{ genre: 'web' | 'serveur', feature: string }} Feature
 * @typedef {Map<string, Set<string>>} Graphe edges `genre:feature` → `genre:feature`
 */

/**
 * The graph of the tree's features, from the files on disk.
 * @param {string} racine repository root
 * @param {(fichier: string) => Feature | undefined} featureDe
 * @param {(source: string, depuis: string) => string | undefined} cible
 * @param {(rel: string) => boolean} estTest
 * @returns {Graphe}
 */
export function lireGraphe(racine, featureDe, cible, estTest) {
  /** @type {Graphe} */
  const graphe = new Map();
  for (const dossier of Object.values(RACINES_FEATURES)) {
    for (const fichier of fichiersTs(path.join(racine, dossier))) {
      if (estTest(path.relative(racine, fichier).split(path.sep).join('/'))) continue;
      const de = featureDe(fichier);
      if (!de) continue;
      for (const source of sourcesImportees(fs.readFileSync(fichier, 'utf8'))) {
        const chemin = cible(source, fichier);
        const vers = chemin && featureDe(chemin);
        if (vers) ajouterArete(graphe, de, vers);
      }
    }
  }
  return graphe;
}

/** @param {Feature} f */
export const cle = (f) => `${f.genre}:${f.feature}`;

/** @param {Graphe} graphe @param {Feature} de @param {Feature} vers */
export function ajouterArete(graphe, de, vers) {
  if (de.genre !== vers.genre || de.feature === vers.feature) return;
  const suivants = graphe.get(cle(de)) ?? new Set();
  suivants.add(cle(vers));
  graphe.set(cle(de), suivants);
}

/**
 * A path from `de` to `vers` in the graph (both included), or undefined.
 * @param {Graphe} graphe @param {string} de @param {string} vers
 */
export function chemin(graphe, de, vers) {
  /** @type {Map<string, string | null>} */
  const precedent = new Map([[de, null]]);
  const file = [de];
  for (let n = file.shift(); n !== undefined; n = file.shift()) {
    if (n === vers) {
      const trajet = [];
      for (let p = /** @type {string | null | undefined} */ (n); p; p = precedent.get(p))
        trajet.unshift(p);
      return trajet;
    }
    for (const s of graphe.get(n) ?? []) {
      if (!precedent.has(s)) {
        precedent.set(s, n);
        file.push(s);
      }
    }
  }
  return undefined;
}

/**
 * The tree's cycles: each strongly connected set of two features or more (Tarjan), sorted.
 * @param {Graphe} graphe
 * @returns {string[][]}
 */
export function cycles(graphe) {
  let rang = 0;
  /** @type {Map<string, { rang: number, bas: number }>} */
  const vus = new Map();
  /** @type {string[]} */
  const pile = [];
  /** @type {string[][]} */
  const composantes = [];
  /** @param {string} n */
  const visiter = (n) => {
    const etat = { rang, bas: rang++ };
    vus.set(n, etat);
    pile.push(n);
    for (const s of graphe.get(n) ?? []) {
      const vu = vus.get(s);
      if (!vu) {
        visiter(s);
        etat.bas = Math.min(etat.bas, /** @type {{ bas: number }} */ (vus.get(s)).bas);
      } else if (pile.includes(s)) etat.bas = Math.min(etat.bas, vu.rang);
    }
    if (etat.bas !== etat.rang) return;
    const composante = [];
    for (let s = pile.pop(); s !== undefined; s = s === n ? undefined : pile.pop())
      composante.push(s);
    if (composante.length > 1) composantes.push(composante.sort());
  };
  for (const n of graphe.keys()) if (!vus.has(n)) visiter(n);
  return composantes.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}
