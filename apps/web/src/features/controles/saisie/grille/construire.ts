import type { EstiveDb } from '../../../../offline/db';
import type { ControleSaisi } from '../types';
import type { EntreeAopPoint, Grille, PointGrille, SeuilPoint } from './types';

interface SeuilsPca {
  seuil?: { grave?: SeuilPoint | null; majeur?: SeuilPoint | null; mineur?: SeuilPoint | null };
}

/**
 * A programmed control arrives without a grid: it is built on the device from the synchronised
 * reference tables (spec part 2 §5 'Offline control creation': only active, non-archived points
 * linked to the label). One grid for the visit, each point carrying one entry per AOP-IGP.
 */
export async function construireGrille(base: EstiveDb, controles: readonly ControleSaisi[]): Promise<Grille> {
  const aops = new Map(controles.map((c) => [c.aopIgp.id, c.aopIgp]));
  const liens = await base.pointcontroleaop.where('aopIgpId').anyOf([...aops.keys()]).toArray();
  const points = (await base.pointcontrole.bulkGet([...new Set(liens.map((l) => l.pointControleId))]))
    .filter((p) => p && !p.archive);
  const categories = await base.categorie.toArray();
  // A group's personneMoraleId is its ODG (the feed already scopes groups to the perimeter).
  const groupes = (await base.groupesysexp.toArray()).filter(
    (g) => !g.archive && g.aopIgpIds.some((id) => aops.has(id)),
  );
  const pointsSys = (await base.pointsysexp.where('groupeSystemeExploitationId').anyOf(groupes.map((g) => g.id)).toArray())
    .filter((p) => !p.archive);
  const codeSys = new Map(pointsSys.map((p) => [p.id, p.code]));

  const parCategorie = new Map<string, PointGrille[]>();
  for (const p of points) {
    if (!p) continue;
    const entrees: EntreeAopPoint[] = liens
      .filter((l) => l.pointControleId === p.id)
      .map((l) => {
        const aop = aops.get(l.aopIgpId)!;
        return {
          aopIgpId: aop.id,
          aopIgpLibelle: aop.libelle,
          migre: aop.migre ?? false,
          exploitationId: l.pointSystemeExploitationId ?? null,
          exploitationCode: l.pointSystemeExploitationId ? (codeSys.get(l.pointSystemeExploitationId) ?? null) : null,
          seuil: (l as SeuilsPca).seuil ?? {},
          saisie: {},
        };
      });
    const liste = parCategorie.get(p.categorieId) ?? [];
    liste.push({ id: p.id, code: p.code, ordre: p.ordre, libelle: p.libelle, reference: p.reference, source: p.source, aops: entrees });
    parCategorie.set(p.categorieId, liste);
  }
  return {
    categories: categories
      .filter((c) => parCategorie.has(c.id))
      .sort((a, b) => a.ordre - b.ordre)
      .map((c) => ({ id: c.id, libelle: c.libelle, ordre: c.ordre, points: parCategorie.get(c.id)!.sort((a, b) => a.ordre - b.ordre) })),
    groupesSysExploitation: groupes
      .sort((a, b) => a.ordre - b.ordre)
      .map((g) => ({
        id: g.id,
        libelle: g.libelle,
        ignore: false,
        points: pointsSys
          .filter((p) => p.groupeSystemeExploitationId === g.id)
          .sort((a, b) => a.ordre - b.ordre)
          .map((p) => ({ id: p.id, code: p.code, libelle: p.libelle, formule: p.formule, unite: p.unite, dec: p.dec, valeur: null })),
      })),
    manquements: [],
  };
}
