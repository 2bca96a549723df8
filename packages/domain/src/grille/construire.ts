/**
 * Builds a visit's blank grid from the reference rows (spec part 2 §5 'Offline control creation':
 * only non-archived control points linked to the visit's labels). Pure: the device reads its
 * synchronised tables and the server its database, then both call this, so a grid built offline
 * and one built online are the same object.
 */
import { defined } from '../invariant';
import { estParmi } from '../objets';
import { OPERATEURS_SEUIL, type OperateurSeuil, type SourcePoint } from '../enums';
import type {
  CategorieGrille,
  Grille,
  GroupeSysExp,
  PointGrille,
  SaisieAop,
  SeuilPoint,
  SeuilsPoint,
} from './schemas';

/** A label of the visit (one control per label, one shared grid). */
export interface AopIgpVisite {
  id: string;
  libelle: string;
  /** Migrated from the former system: severities are SEUIL_1..3. */
  migre?: boolean | null;
}

export interface LigneCategorie {
  id: string;
  libelle: string;
  ordre: number;
}

export interface LignePointControle {
  id: string;
  code: string;
  libelle: string;
  reference?: string | null;
  source: SourcePoint;
  ordre: number;
  categorieId: string;
  archive: boolean;
}

/** A threshold as the reference data sends it: the operator is free text there. */
export interface SeuilReferentiel {
  operateur: string;
  valeur: number;
}

/** The link of a control point to a label, with its thresholds and exploitation line. */
export interface LignePointControleAop {
  pointControleId: string;
  aopIgpId: string;
  pointSystemeExploitationId?: string | null;
  seuil?: {
    grave?: SeuilReferentiel | null;
    majeur?: SeuilReferentiel | null;
    mineur?: SeuilReferentiel | null;
  } | null;
}

export interface LigneGroupeSysExp {
  id: string;
  libelle: string;
  ordre: number;
  aopIgpIds: readonly string[];
  archive: boolean;
}

export interface LignePointSysExp {
  id: string;
  code: string;
  libelle: string;
  ordre: number;
  formule?: string | null;
  unite?: string | null;
  dec?: number | null;
  groupeSystemeExploitationId: string;
  archive: boolean;
}

/** Plain rows: whatever the store, the caller passes what it read. */
export interface ReferentielGrille {
  aopIgps: readonly AopIgpVisite[];
  categories: readonly LigneCategorie[];
  pointsControle: readonly LignePointControle[];
  pointsControleAop: readonly LignePointControleAop[];
  groupesSysExp: readonly LigneGroupeSysExp[];
  pointsSysExp: readonly LignePointSysExp[];
}

const estOperateur = (o: string): o is OperateurSeuil => estParmi(OPERATEURS_SEUIL, o);

/**
 * A threshold with an operator the engine does not know is dropped rather than guessed: the
 * point is then judged by hand, which is safer than a wrong automatic verdict.
 */
const seuil = (s: SeuilReferentiel | null | undefined): SeuilPoint | null =>
  s && estOperateur(s.operateur) && Number.isFinite(s.valeur)
    ? { operateur: s.operateur, valeur: s.valeur }
    : null;

const seuils = (l: LignePointControleAop): SeuilsPoint => ({
  grave: seuil(l.seuil?.grave),
  majeur: seuil(l.seuil?.majeur),
  mineur: seuil(l.seuil?.mineur),
});

/** Reference order, then code, so two devices with the same rows show the same grid. */
const parOrdre = <T extends { ordre: number; id: string }>(a: T, b: T) =>
  a.ordre - b.ordre || a.id.localeCompare(b.id);

function groupesDe(ref: ReferentielGrille, aops: ReadonlySet<string>): GroupeSysExp[] {
  return ref.groupesSysExp
    .filter((g) => !g.archive && g.aopIgpIds.some((id) => aops.has(id)))
    .sort(parOrdre)
    .map((g) => ({
      id: g.id,
      libelle: g.libelle,
      ignore: false,
      points: ref.pointsSysExp
        .filter((p) => !p.archive && p.groupeSystemeExploitationId === g.id)
        .sort(parOrdre)
        .map((p) => ({
          id: p.id,
          code: p.code,
          libelle: p.libelle,
          formule: p.formule ?? null,
          valeur: null,
          unite: p.unite ?? null,
          dec: p.dec ?? 0,
          declaratif: null,
        })),
    }));
}

/**
 * The blank grid of a visit: one tab per category holding a linked point, one entry per label
 * on each point (in the order of `aopIgps`), the exploitation groups of those labels. A point
 * linked to an exploitation line outside the grid gets no code, so it is entered by hand.
 */
export function construireGrille(ref: ReferentielGrille): Grille {
  const aops = new Map(ref.aopIgps.map((a) => [a.id, a]));
  const rangAop = new Map(ref.aopIgps.map((a, i) => [a.id, i]));
  const groupesSysExploitation = groupesDe(ref, new Set(aops.keys()));
  const codeLigne = new Map(
    groupesSysExploitation.flatMap((g) => g.points.map((p) => [p.id, p.code] as const)),
  );

  const liensParPoint = new Map<string, LignePointControleAop[]>();
  for (const l of ref.pointsControleAop) {
    const liens = liensParPoint.get(l.pointControleId) ?? [];
    // A duplicated link would show the label twice on the row: the first one wins.
    if (!aops.has(l.aopIgpId) || liens.some((x) => x.aopIgpId === l.aopIgpId)) continue;
    liensParPoint.set(l.pointControleId, [...liens, l]);
  }

  const entree = (l: LignePointControleAop): SaisieAop => {
    const aop = defined(aops.get(l.aopIgpId), l.aopIgpId);
    const exploitationId = l.pointSystemeExploitationId ?? null;
    return {
      aopIgpId: aop.id,
      aopIgpLibelle: aop.libelle,
      migre: aop.migre ?? false,
      exploitationId,
      exploitationCode: exploitationId === null ? null : (codeLigne.get(exploitationId) ?? null),
      hasManquement: false,
      saisie: { observation: null, valeur: null, conformite: null, gravite: null },
      seuil: seuils(l),
    };
  };

  const pointsParCategorie = new Map<string, PointGrille[]>();
  for (const p of [...ref.pointsControle].sort(parOrdre)) {
    const liens = liensParPoint.get(p.id);
    if (p.archive || !liens) continue;
    const point: PointGrille = {
      id: p.id,
      code: p.code,
      ordre: p.ordre,
      libelle: p.libelle,
      reference: p.reference ?? null,
      source: p.source,
      aops: [...liens]
        .sort((a, b) => (rangAop.get(a.aopIgpId) ?? 0) - (rangAop.get(b.aopIgpId) ?? 0))
        .map(entree),
    };
    pointsParCategorie.set(p.categorieId, [
      ...(pointsParCategorie.get(p.categorieId) ?? []),
      point,
    ]);
  }

  const categories: CategorieGrille[] = [...ref.categories].sort(parOrdre).flatMap((c) => {
    const points = pointsParCategorie.get(c.id);
    if (!points) return [];
    const presentes = new Set(points.flatMap((p) => p.aops.map((e) => e.aopIgpId)));
    const aopIgps = ref.aopIgps
      .filter((a) => presentes.has(a.id))
      .map((a) => ({ id: a.id, libelle: a.libelle }));
    return [{ id: c.id, libelle: c.libelle, ordre: c.ordre, points, aopIgps }];
  });

  return { categories, groupesSysExploitation, manquements: [] };
}
