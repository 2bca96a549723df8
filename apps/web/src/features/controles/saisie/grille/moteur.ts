/**
 * PROVISIONAL grid engine (spec part 2 §4-§5), the seam the entry form calls; replaced by the
 * re-exports of `@estive/domain` src/grille once it lands. Every update keeps untouched
 * categories, points and groups by reference so memoised rows skip rendering.
 */
import type { ResultatControle, Severite } from '@estive/domain';
import { arrondir, CodeAbsentError, evaluer, lireNombre } from './formule';
import type {
  ClePoint,
  EntreeAopPoint,
  ErreurFormule,
  Grille,
  ManquementGrille,
  PointGrille,
  SaisiePoint,
  SeuilPoint,
} from './types';

const MIGRE: Record<string, Severite> = { GRAVE: 'SEUIL_3', MAJEUR: 'SEUIL_2', MINEUR: 'SEUIL_1' };
const LIBELLES = { GRAVE: 'grave', MAJEUR: 'majeur', MINEUR: 'mineur' } as const;

const compare = (v: number, s: SeuilPoint): boolean => {
  switch (s.operateur) {
    case '<': return v < s.valeur;
    case '<=': return v <= s.valeur;
    case '>': return v > s.valeur;
    case '>=': return v >= s.valeur;
    case '=': return v === s.valeur;
    default: return false;
  }
};

/** Tests the value against grave, then majeur, then mineur: a match is NC with that severity, else C. */
export function autoEvaluer(e: EntreeAopPoint, source: PointGrille['source'], valeur: string | null): EntreeAopPoint {
  const saisie: SaisiePoint = { ...e.saisie, valeur };
  const c = e.saisie.conformite;
  if (source === 'CONSTAT' || c === 'SO' || c === 'NO') return { ...e, saisie };
  const n = lireNombre(valeur);
  if (n === null) return { ...e, saisie: { ...saisie, conformite: null, gravite: null }, explication: null };
  if (n === 'invalide') return { ...e, saisie, explication: null };
  for (const g of ['GRAVE', 'MAJEUR', 'MINEUR'] as const) {
    const s = e.seuil?.[g.toLowerCase() as 'grave' | 'majeur' | 'mineur'];
    if (s && compare(n, s)) {
      const gravite = e.migre ? MIGRE[g] : g;
      return { ...e, saisie: { ...saisie, conformite: 'NC', gravite }, explication: `${n} ${s.operateur} ${s.valeur} : non conforme, seuil ${LIBELLES[g]} atteint` };
    }
  }
  return { ...e, saisie: { ...saisie, conformite: 'C', gravite: null }, explication: `${n} : aucun seuil atteint, conforme` };
}

const cle = (code: string, aopIgpId: string) => `${code}-${aopIgpId}`;

/** NC creates or updates the point's shortcoming; leaving NC removes it. */
function synchroniserManquements(g: Grille, point: PointGrille, categorie: string): ManquementGrille[] {
  let res = g.manquements;
  for (const e of point.aops) {
    const k = cle(point.code, e.aopIgpId);
    const existant = res.find((m) => m.key === k);
    if (e.saisie.conformite === 'NC') {
      const m: ManquementGrille = {
        saisie: {}, ...existant, key: k, pointControleId: point.id, pointControleCode: point.code,
        libelle: point.libelle, reference: point.reference, aopIgp: { id: e.aopIgpId, libelle: e.aopIgpLibelle },
        seuil: e.saisie.gravite ?? null, valeur: e.saisie.valeur ?? null, categorie,
      };
      res = existant ? res.map((x) => (x.key === k ? m : x)) : [...res, m];
    } else if (existant) res = res.filter((x) => x.key !== k);
  }
  return res;
}

function majPoints(g: Grille, f: (p: PointGrille) => PointGrille): Grille {
  let manquements = g.manquements;
  let touche = false;
  const categories = g.categories.map((c) => {
    let change = false;
    const points = c.points.map((p) => {
      const n = f(p);
      if (n !== p) {
        change = true;
        manquements = synchroniserManquements({ ...g, manquements }, n, c.libelle);
      }
      return n;
    });
    touche ||= change;
    return change ? { ...c, points } : c;
  });
  return touche ? { ...g, categories, manquements } : g;
}

export function saisirPoint(g: Grille, { pointId, aopIgpId }: ClePoint, patch: Partial<SaisiePoint>): Grille {
  return majPoints(g, (p) => {
    if (p.id !== pointId) return p;
    return {
      ...p,
      aops: p.aops.map((e) => {
        if (e.aopIgpId !== aopIgpId) return e;
        const conformite = patch.conformite ?? e.saisie.conformite;
        const base = { ...e, saisie: { ...e.saisie, ...patch, gravite: conformite === 'NC' ? (patch.gravite ?? e.saisie.gravite) : null } };
        return 'valeur' in patch && !('conformite' in patch) ? autoEvaluer(base, p.source, patch.valeur ?? null) : base;
      }),
    };
  });
}

/** Sets an exploitation value, recomputes formulas (cascading) and the points linked to them. */
export function saisirValeurExploitation(g: Grille, code: string, texte: string): { grille: Grille; erreurs: ErreurFormule[] } {
  const points = g.groupesSysExploitation.flatMap((gr) => gr.points);
  const nouvelles = new Map(points.map((p) => [p.code, p.code === code ? texte : (p.valeur ?? null)]));
  const nombres = new Map<string, number | null>();
  for (const [c, v] of nouvelles) { const n = lireNombre(v); nombres.set(c.toLowerCase(), typeof n === 'number' ? n : null); }
  const erreurs: ErreurFormule[] = [];
  const formules = points.filter((p) => p.formule);
  // Cascade: a formula may read another; as many passes as formulas settle every chain.
  for (let passe = 0; passe < Math.max(formules.length, 1); passe++) for (const p of formules) {
    try {
      const v = evaluer(p.formule!, nombres);
      const r = v === null ? null : Math.abs(arrondir(v, p.dec));
      nombres.set(p.code.toLowerCase(), r);
      nouvelles.set(p.code, r === null ? null : String(r));
    } catch (e) {
      if (passe === 0) erreurs.push({ type: e instanceof CodeAbsentError ? 'codeAbsent' : 'calcul', code: p.code, formule: p.formule! });
    }
  }
  const changes = new Set(points.filter((p) => nouvelles.get(p.code) !== (p.valeur ?? null)).map((p) => p.code));
  if (changes.size === 0) return { grille: g, erreurs };
  const groupesSysExploitation = g.groupesSysExploitation.map((gr) =>
    gr.points.some((p) => changes.has(p.code))
      ? { ...gr, points: gr.points.map((p) => (changes.has(p.code) ? { ...p, valeur: nouvelles.get(p.code) ?? null } : p)) }
      : gr);
  const lie = (e: EntreeAopPoint) => !!e.exploitationCode && changes.has(e.exploitationCode);
  const grille = majPoints({ ...g, groupesSysExploitation }, (p) =>
    p.aops.some(lie) ? { ...p, aops: p.aops.map((e) => (lie(e) ? autoEvaluer(e, p.source, nouvelles.get(e.exploitationCode!) ?? null) : e)) } : p);
  return { grille, erreurs };
}

export const ignorerGroupe = (g: Grille, groupeId: string, ignore: boolean): Grille => ({
  ...g, groupesSysExploitation: g.groupesSysExploitation.map((gr) => (gr.id === groupeId ? { ...gr, ignore } : gr)),
});

export const saisirManquement = (g: Grille, key: string, saisie: ManquementGrille['saisie']): Grille => ({
  ...g, manquements: g.manquements.map((m) => (m.key === key ? { ...m, saisie } : m)),
});

/** Complete: a conformity, AND (CONSTAT, SO/NO, or a value), AND (not NC, or a severity). */
export const entreeComplete = (e: EntreeAopPoint, source: PointGrille['source']): boolean => {
  const c = e.saisie.conformite;
  return !!c && (source === 'CONSTAT' || c === 'SO' || c === 'NO' || !!e.saisie.valeur) && (c !== 'NC' || !!e.saisie.gravite);
};
export const pointComplet = (p: PointGrille) => p.aops.every((e) => entreeComplete(e, p.source));
export const groupeComplet = (gr: Grille['groupesSysExploitation'][number]) => gr.ignore || gr.points.every((p) => p.valeur != null && p.valeur !== '');
export const validerGrille = (g: Grille): boolean => g.categories.every((c) => c.points.every(pointComplet)) && g.groupesSysExploitation.every(groupeComplet);
export const resultatAop = (g: Grille, aopIgpId: string): ResultatControle =>
  g.manquements.some((m) => m.aopIgp.id === aopIgpId) ? 'NON_CONFORME' : 'CONFORME';
