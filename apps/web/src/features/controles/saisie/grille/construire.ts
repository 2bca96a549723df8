/**
 * A programmed control arrives without a grid: the device builds it from its synchronised
 * reference tables. Reading Dexie is the web's part; the building is the domain's pure
 * `construireGrille`, which the server runs on the same rows.
 */
import {
  construireGrille as construireDepuisReferentiel,
  type Grille,
  type LignePointControleAop,
} from '@estive/domain';
import type { EstiveDb, PointControleAopLocal } from '../../../../offline/db';
import type { ControleSaisi } from '../types';

/** The synced link rows also carry the thresholds (spec part 2 §3 'pointcontroleaop'). */
type LienSynchronise = PointControleAopLocal & Pick<LignePointControleAop, 'seuil'>;

/** Reads the rows the visit's labels need, then builds one grid for the visit. */
export async function construireGrille(
  base: EstiveDb,
  controles: readonly ControleSaisi[],
): Promise<Grille> {
  const aopIgps = [...new Map(controles.map((c) => [c.aopIgp.id, c.aopIgp])).values()].map((a) => ({
    id: a.id,
    libelle: a.libelle,
    migre: a.migre,
  }));
  const pointsControleAop: LienSynchronise[] = await base.pointcontroleaop
    .where('aopIgpId')
    .anyOf(aopIgps.map((a) => a.id))
    .toArray();
  const idsPoints = [...new Set(pointsControleAop.map((l) => l.pointControleId))];
  const pointsControle = (await base.pointcontrole.bulkGet(idsPoints)).filter(
    (p) => p !== undefined,
  );
  // Groups are few: reading them whole is cheaper than an index on the aopIgpIds array.
  const groupesSysExp = await base.groupesysexp.toArray();
  const idsGroupes = groupesSysExp
    .filter((g) => g.aopIgpIds.some((id) => aopIgps.some((a) => a.id === id)))
    .map((g) => g.id);
  const [categories, pointsSysExp] = await Promise.all([
    base.categorie.toArray(),
    base.pointsysexp.where('groupeSystemeExploitationId').anyOf(idsGroupes).toArray(),
  ]);
  return construireDepuisReferentiel({
    aopIgps,
    categories,
    pointsControle,
    pointsControleAop,
    groupesSysExp,
    pointsSysExp,
  });
}
