/**
 * The structure of a grid, indexed once: where each point and exploitation line sits, which
 * lines each formula reads and which read it, the evaluation order, and the entries fed by each
 * line. Only values change while the controller types, never the structure, so every grid the
 * engine derives from another shares its index (WeakMap, no leak); a grid built elsewhere is
 * indexed on first use. A keystroke then touches only the lines downstream of it.
 */
import { analyserFormule, type Expression, type TypeErreurFormule } from '../formule';
import { at, defined } from '../invariant';
import type { Grille, GroupeSysExp, PointGrille, PointSysExp, SaisieAop } from './schemas';

export interface PositionLigne {
  groupe: number;
  point: number;
}

export interface PositionEntree {
  categorie: number;
  point: number;
  entree: number;
}

/** A line with a formula, analysed once. */
export interface FormuleIndexee {
  code: string;
  formule: string;
  expression: Expression | null;
  /** Lower-case codes it reads. */
  codes: string[];
  /** A static error: the formula can never compute until the reference data is fixed. */
  erreur: TypeErreurFormule | null;
}

export interface IndexGrille {
  /** Lower-case code → position of the exploitation line. */
  lignes: Map<string, PositionLigne>;
  formules: Map<string, FormuleIndexee>;
  /** Lower-case code → formula lines that read it directly. */
  lecteurs: Map<string, string[]>;
  /** Rank of each formula line in a valid evaluation order (dependencies first). */
  rang: Map<string, number>;
  /** Lower-case code → control-point entries it feeds. */
  entreesLiees: Map<string, PositionEntree[]>;
  /** `pointId|aopIgpId` → entry position. */
  entrees: Map<string, PositionEntree>;
  /** Exploitation line id → lower-case code. */
  codeParId: Map<string, string>;
}

/** The exploitation group, line, control point or entry at a position the index gave. */
export const groupeA = (grille: Grille, groupe: number): GroupeSysExp =>
  at(grille.groupesSysExploitation, groupe);
export const ligneA = (grille: Grille, { groupe, point }: PositionLigne): PointSysExp =>
  at(groupeA(grille, groupe).points, point);
export const pointA = (grille: Grille, p: { categorie: number; point: number }): PointGrille =>
  at(at(grille.categories, p.categorie).points, p.point);
export const entreeA = (grille: Grille, position: PositionEntree): SaisieAop =>
  at(pointA(grille, position).aops, position.entree);

export const cleEntree = (pointId: string, aopIgpId: string) => `${pointId}|${aopIgpId}`;

const cache = new WeakMap<Grille, IndexGrille>();

/** The index of a grid, built on first use. */
export function indexer(grille: Grille): IndexGrille {
  const connu = cache.get(grille);
  if (connu) return connu;
  const index = construireIndex(grille);
  cache.set(grille, index);
  return index;
}

/** Declares that `suivante` has the same structure as `precedente` (only values changed). */
export function heriterIndex(precedente: Grille, suivante: Grille): Grille {
  const index = cache.get(precedente);
  if (index && suivante !== precedente) cache.set(suivante, index);
  return suivante;
}

function construireIndex(grille: Grille): IndexGrille {
  const lignes = new Map<string, PositionLigne>();
  const codeParId = new Map<string, string>();
  grille.groupesSysExploitation.forEach((g, groupe) =>
    g.points.forEach((p, point) => {
      const code = p.code.toLowerCase();
      lignes.set(code, { groupe, point });
      codeParId.set(p.id, code);
    }),
  );

  const formules = new Map<string, FormuleIndexee>();
  const lecteurs = new Map<string, string[]>();
  for (const [code, position] of lignes) {
    const ligne = ligneA(grille, position);
    if (!ligne.formule || ligne.formule.trim() === '') continue;
    const analyse = analyserFormule(ligne.formule);
    // A formula that does not parse still names its inputs: it is then reported whenever one
    // of them changes, like any line that cannot compute.
    const codes = analyse.ok ? analyse.codes : codesCites(ligne.formule);
    const absent = codes.some((c) => !lignes.has(c));
    formules.set(code, {
      code: ligne.code,
      formule: ligne.formule,
      expression: analyse.ok ? analyse.expression : null,
      codes,
      erreur: !analyse.ok ? 'SYNTAXE' : absent ? 'CODE_ABSENT' : null,
    });
    for (const lu of codes) lecteurs.set(lu, [...(lecteurs.get(lu) ?? []), code]);
  }
  const rang = ordonner(formules);

  const entrees = new Map<string, PositionEntree>();
  const entreesLiees = new Map<string, PositionEntree[]>();
  grille.categories.forEach((c, categorie) =>
    c.points.forEach((p, point) =>
      p.aops.forEach((e, entree) => {
        const position = { categorie, point, entree };
        entrees.set(cleEntree(p.id, e.aopIgpId), position);
        const code = codeLie(codeParId, lignes, e);
        if (code !== null) {
          entreesLiees.set(code, [...(entreesLiees.get(code) ?? []), position]);
        }
      }),
    ),
  );
  return { lignes, formules, lecteurs, rang, entreesLiees, entrees, codeParId };
}

const codesCites = (formule: string) => [
  ...new Set(Array.from(formule.matchAll(/a[a-z0-9_]+/gi), (m) => m[0].toLowerCase())),
];

/**
 * The lower-case code of the exploitation line feeding an entry, or null. The id is the
 * reference data's link; the code serves grids built without line ids.
 */
export function codeLie(
  codeParId: Map<string, string>,
  lignes: Map<string, PositionLigne>,
  entree: Pick<SaisieAop, 'exploitationId' | 'exploitationCode'>,
): string | null {
  const code =
    (entree.exploitationId !== null ? codeParId.get(entree.exploitationId) : undefined) ??
    entree.exploitationCode?.toLowerCase();
  return code !== undefined && lignes.has(code) ? code : null;
}

/**
 * Evaluation order by Tarjan's strongly connected components over "formula reads code" edges:
 * components come out dependencies first. A component of several lines, or a line reading
 * itself, is a cycle: those lines get the CYCLE error and never compute.
 */
function ordonner(formules: Map<string, FormuleIndexee>): Map<string, number> {
  const rang = new Map<string, number>();
  const numero = new Map<string, number>();
  const bas = new Map<string, number>();
  const pile: string[] = [];
  const surPile = new Set<string>();
  let compteur = 0;
  const lire = (m: Map<string, number>, code: string) => defined(m.get(code), code);
  const formule = (code: string) => defined(formules.get(code), code);

  // Iterative (explicit stack) so that a long chain of lines cannot overflow the call stack.
  for (const depart of formules.keys()) {
    if (numero.has(depart)) continue;
    const travail: { code: string; suivant: number }[] = [{ code: depart, suivant: 0 }];
    numero.set(depart, compteur);
    bas.set(depart, compteur++);
    pile.push(depart);
    surPile.add(depart);
    for (let cadre = travail.at(-1); cadre; cadre = travail.at(-1)) {
      const lus = formule(cadre.code).codes.filter((c) => formules.has(c));
      if (cadre.suivant < lus.length) {
        const lu = at(lus, cadre.suivant++);
        if (!numero.has(lu)) {
          numero.set(lu, compteur);
          bas.set(lu, compteur++);
          pile.push(lu);
          surPile.add(lu);
          travail.push({ code: lu, suivant: 0 });
        } else if (surPile.has(lu)) {
          bas.set(cadre.code, Math.min(lire(bas, cadre.code), lire(numero, lu)));
        }
        continue;
      }
      travail.pop();
      const parent = travail.at(-1);
      if (parent) bas.set(parent.code, Math.min(lire(bas, parent.code), lire(bas, cadre.code)));
      if (bas.get(cadre.code) !== numero.get(cadre.code)) continue;
      const composante: string[] = [];
      let membre: string;
      do {
        membre = defined(pile.pop(), 'the stack top');
        surPile.delete(membre);
        composante.push(membre);
      } while (membre !== cadre.code);
      const boucle = composante.length > 1 || formule(cadre.code).codes.includes(cadre.code);
      for (const code of composante) {
        rang.set(code, rang.size);
        const f = formule(code);
        if (boucle && f.erreur === null) f.erreur = 'CYCLE';
      }
    }
  }
  return rang;
}
