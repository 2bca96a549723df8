import { estObjet } from '@estive/domain';

/**
 * What a font's OpenType tables let the fast shaping path of `crenage.ts` do: which glyphs a
 * default substitution or positioning may change anywhere (`touches`), which glyphs start a
 * ligature or a context rule and what must follow them (`suivants`), and whether kerning is only
 * pairs adjusting their first glyph. Read from fontkit's parsed tables; a structure not
 * understood makes the analysis fail (the font then goes to fontkit whole).
 */

/** The features fontkit's default shaper applies to horizontal left-to-right text. */
const FEATURES_PAR_DEFAUT = new Set([
  'rvrn',
  'ltra',
  'ltrm',
  'ccmp',
  'locl',
  'rlig',
  'mark',
  'mkmk',
  'calt',
  'clig',
  'liga',
  'rclt',
  'curs',
  'kern',
]);

export const champ = (o: unknown, cle: string): unknown => (estObjet(o) ? o[cle] : undefined);
const entier = (x: unknown): number | null =>
  typeof x === 'number' && Number.isInteger(x) ? x : null;

/** An array, or fontkit's lazy array (restructure's `LazyArray`), as an array. */
const estTableau = (x: unknown): x is readonly unknown[] => Array.isArray(x);

function liste(x: unknown): readonly unknown[] | null {
  if (estTableau(x)) return x;
  const versTableau = champ(x, 'toArray');
  if (typeof versTableau === 'function') {
    const t: unknown = versTableau.call(x);
    return estTableau(t) ? t : null;
  }
  return null;
}

const entiers = (x: unknown): number[] | null => {
  const l = liste(x);
  if (!l) return null;
  const r: number[] = [];
  for (const v of l) {
    const n = entier(v);
    if (n === null) return null;
    r.push(n);
  }
  return r;
};

/** The glyphs of an OpenType coverage table. */
function couverture(cov: unknown): number[] | null {
  const version = champ(cov, 'version');
  if (version === 1) return entiers(champ(cov, 'glyphs'));
  if (version !== 2) return null;
  const plages = liste(champ(cov, 'rangeRecords'));
  if (!plages) return null;
  const glyphes: number[] = [];
  for (const p of plages) {
    const debut = entier(champ(p, 'start'));
    const fin = entier(champ(p, 'end'));
    if (debut === null || fin === null) return null;
    for (let g = debut; g <= fin; g++) glyphes.push(g);
  }
  return glyphes;
}

/** The class of a glyph in an OpenType class definition (0 when not listed). */
export function classeDe(def: unknown, glyphe: number): number | null {
  const version = champ(def, 'version');
  if (version === 1) {
    const debut = entier(champ(def, 'startGlyph'));
    const valeurs = entiers(champ(def, 'classValueArray'));
    if (debut === null || !valeurs) return null;
    return valeurs[glyphe - debut] ?? 0;
  }
  if (version !== 2) return null;
  const plages = liste(champ(def, 'classRangeRecord'));
  if (!plages) return null;
  for (const p of plages) {
    const debut = entier(champ(p, 'start'));
    const fin = entier(champ(p, 'end'));
    if (debut === null || fin === null) return null;
    if (glyphe >= debut && glyphe <= fin) return entier(champ(p, 'class'));
  }
  return 0;
}

/** What may follow a glyph for a lookup to apply to it: the pair then goes to fontkit. */
type Suivant = (glyphe: number) => boolean;

export class Analyse {
  /** Glyphs some default lookup may change wherever they are. */
  readonly touches = new Set<number>();
  /** Glyphs that start a ligature or context rule, with what must follow them. */
  readonly suivants = new Map<number, Suivant[]>();

  ajouterSuivant(glyphe: number, s: Suivant): void {
    const l = this.suivants.get(glyphe);
    if (l) l.push(s);
    else this.suivants.set(glyphe, [s]);
  }

  toucher(cov: unknown): boolean {
    const g = couverture(cov);
    if (!g) return false;
    for (const x of g) this.touches.add(x);
    return true;
  }
}

/** A rule's next glyph, if it names one: its first input after the covered glyph, else lookahead. */
function suivantDeRegle(regle: unknown, entree: string, suite: string): number | null | 'aucun' {
  const e = entiers(champ(regle, entree)) ?? [];
  if (e.length > 0) return e[0] ?? null;
  const s = entiers(champ(regle, suite)) ?? [];
  if (s.length > 0) return s[0] ?? null;
  return 'aucun';
}

/** A substitution lookup's subtable; false when not understood. */
function analyserSubstitution(a: Analyse, type: number, st: unknown, prudent: boolean): boolean {
  if (type === 7) {
    const sous = entier(champ(st, 'lookupType')) ?? -1;
    return analyserSubstitution(a, sous, champ(st, 'extension'), prudent);
  }
  const cov = champ(st, 'coverage');
  const version = champ(st, 'version');
  if (type === 5) {
    // Contexts (rare in text fonts): every glyph they cover goes to fontkit.
    return version === 3
      ? (liste(champ(st, 'coverages')) ?? [null]).every((c) => a.toucher(c))
      : a.toucher(cov);
  }
  if (type === 6 && version === 3) {
    const entrees = liste(champ(st, 'inputCoverage')) ?? [];
    const premiers = couverture(entrees[0]);
    const apres = entrees.length > 1 ? entrees[1] : liste(champ(st, 'lookaheadCoverage'))?.[0];
    if (!premiers) return false;
    const suivants = apres === undefined ? null : couverture(apres);
    if (apres !== undefined && !suivants) return false;
    for (const g of premiers) {
      if (prudent || !suivants) a.touches.add(g);
      else a.ajouterSuivant(g, (x) => suivants.includes(x));
    }
    return true;
  }
  if (prudent || type === 1 || type === 2 || type === 3 || type === 8) return a.toucher(cov);
  const glyphes = couverture(cov);
  if (!glyphes) return false;
  if (type === 4) {
    const ensembles = liste(champ(st, 'ligatureSets'));
    if (!ensembles) return false;
    for (const [i, g] of glyphes.entries()) {
      const suivants = new Set<number>();
      for (const lig of liste(ensembles[i]) ?? []) {
        const premier = entiers(champ(lig, 'components'))?.[0];
        if (premier === undefined) a.touches.add(g);
        else suivants.add(premier);
      }
      a.ajouterSuivant(g, (x) => suivants.has(x));
    }
    return true;
  }
  if (type !== 6) return false;
  if (version === 1) {
    const ensembles = liste(champ(st, 'chainRuleSets'));
    if (!ensembles) return false;
    for (const [i, g] of glyphes.entries()) {
      for (const regle of liste(ensembles[i]) ?? []) {
        const s = suivantDeRegle(regle, 'input', 'lookahead');
        if (s === null) return false;
        if (s === 'aucun') a.touches.add(g);
        else a.ajouterSuivant(g, (x) => x === s);
      }
    }
    return true;
  }
  if (version === 2) {
    const defEntree = champ(st, 'inputClassDef');
    const defSuite = champ(st, 'lookaheadClassDef');
    const ensembles = liste(champ(st, 'chainClassSet'));
    if (!ensembles) return false;
    for (const g of glyphes) {
      const classe = classeDe(defEntree, g);
      if (classe === null) return false;
      for (const regle of liste(ensembles[classe]) ?? []) {
        const parEntree = (entiers(champ(regle, 'input')) ?? []).length > 0;
        const s = suivantDeRegle(regle, 'input', 'lookahead');
        if (s === null) return false;
        if (s === 'aucun') a.touches.add(g);
        else a.ajouterSuivant(g, (x) => classeDe(parEntree ? defEntree : defSuite, x) === s);
      }
    }
    return true;
  }
  return false;
}

/** A positioning lookup's subtable; false when not understood or not pairwise. */
function analyserPositionnement(a: Analyse, type: number, st: unknown): boolean {
  if (type === 9) {
    return analyserPositionnement(a, entier(champ(st, 'lookupType')) ?? -1, champ(st, 'extension'));
  }
  if (type === 2) {
    // A second value would move the next glyph and make fontkit's kerning depend on more than
    // the pair: not handled.
    const v2 = champ(st, 'valueFormat2');
    return estObjet(v2) && Object.values(v2).every((x) => x === false);
  }
  if (type === 4 || type === 5 || type === 6) {
    // Marks move onto the glyph before them: a mark is touched, its base only when one follows.
    return a.toucher(champ(st, type === 6 ? 'mark1Coverage' : 'markCoverage'));
  }
  if (type === 1 || type === 3) return a.toucher(champ(st, 'coverage'));
  return false;
}

/** Every lookup of the table's default features (all scripts and languages: a superset). */
function lookupsParDefaut(table: unknown): unknown[] | null {
  const features = liste(champ(table, 'featureList'));
  const lookups = champ(table, 'lookupList');
  const lire = champ(lookups, 'get');
  if (!features || !estObjet(lookups) || typeof lire !== 'function') return null;
  const indices = new Set<number>();
  for (const f of features) {
    const tag = champ(f, 'tag');
    if (typeof tag !== 'string') return null;
    // A required feature of some language system would apply whatever its tag: none expected.
    if (!FEATURES_PAR_DEFAUT.has(tag)) continue;
    for (const i of entiers(champ(champ(f, 'feature'), 'lookupListIndexes')) ?? []) indices.add(i);
  }
  for (const s of liste(champ(table, 'scriptList')) ?? []) {
    const systemes = [
      champ(champ(s, 'script'), 'defaultLangSys'),
      ...(liste(champ(champ(s, 'script'), 'langSysRecords')) ?? []).map((r) => champ(r, 'langSys')),
    ];
    for (const sys of systemes) {
      const requise = champ(sys, 'reqFeatureIndex');
      if (requise !== undefined && requise !== 0xffff) return null;
    }
  }
  return [...indices].map((i): unknown => lire.call(lookups, i));
}

export function analyserTable(a: Analyse, table: unknown, substitution: boolean): boolean {
  if (table === undefined) return true;
  if (champ(table, 'featureVariations')) return false;
  const lookups = lookupsParDefaut(table);
  if (!lookups) return false;
  for (const l of lookups) {
    const type = entier(champ(l, 'lookupType'));
    const drapeaux = champ(champ(l, 'flags'), 'flags');
    // Skipping base glyphs or ligatures would make a rule's "next glyph" another than the next.
    const prudent =
      champ(drapeaux, 'ignoreBaseGlyphs') === true || champ(drapeaux, 'ignoreLigatures') === true;
    const sousTables = liste(champ(l, 'subTables'));
    if (type === null || !sousTables) return false;
    for (const st of sousTables) {
      const compris = substitution
        ? analyserSubstitution(a, type, st, prudent)
        : !prudent && analyserPositionnement(a, type, st);
      if (!compris) return false;
    }
  }
  return true;
}
