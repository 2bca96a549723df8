import type { EstiveDb, ManquementLocal } from '../../../../offline/db';
import type { ControleSaisi, ManquementPrecedent } from '../types';

/** What the previous shortcomings are read for: the visit's controls (one operator). */
type Visite = readonly Pick<
  ControleSaisi,
  'id' | 'personneMoraleId' | 'aopIgp' | 'dernierManquements'
>[];

/** Newest evolution first, then by id, as the server lists `dernierManquements`. */
const parEvolution = (a: ManquementPrecedent, b: ManquementPrecedent) =>
  b.dateDerniereEvolution.localeCompare(a.dateDerniereEvolution) ||
  a.id.localeCompare(b.id, 'fr', { numeric: true });

/**
 * The visit's previous shortcomings (spec part 2 §2 steps 1 and 3, §4 'EN_COURS is the one carried
 * into a new control'): those the server put in each control's `dernierManquements` when it was
 * pulled, and the device's `manquements` feed rows EN_COURS of the visit's operator and labels.
 * The feed is the fresher of the two (a shortcoming created, lifted or deleted after the control
 * was pulled only reaches the device there), so its row replaces an entry of the same id, and an
 * entry whose row is no longer EN_COURS is dropped. The visit's own controls' shortcomings are
 * this visit's findings, not previous ones. Point and category labels come from the local
 * reference collections.
 */
export async function lireManquementsPrecedents(
  base: EstiveDb,
  controles: Visite,
): Promise<ManquementPrecedent[]> {
  const operateurs = [...new Set(controles.map((c) => c.personneMoraleId))];
  const labels = new Set(controles.map((c) => c.aopIgp.id));
  const visite = new Set(controles.map((c) => c.id));
  const lignes = await base.manquements.where('personneMoraleId').anyOf(operateurs).toArray();
  const parId = new Map(lignes.map((m) => [m.id, m]));
  const retenu = (m: ManquementLocal) =>
    m.etat === 'EN_COURS' &&
    labels.has(m.aopIgpId) &&
    (m.controleId === null || !visite.has(m.controleId));
  const locaux = lignes.filter(retenu);

  const points = await base.pointcontrole.bulkGet([
    ...new Set(locaux.map((m) => m.pointControleId)),
  ]);
  const pointsParId = new Map(points.flatMap((p) => (p ? [[p.id, p] as const] : [])));
  const categories = await base.categorie.bulkGet([
    ...new Set([...pointsParId.values()].map((p) => p.categorieId)),
  ]);
  const categoriesParId = new Map(categories.flatMap((c) => (c ? [[c.id, c] as const] : [])));

  const precedents = new Map<string, ManquementPrecedent>();
  for (const entree of controles.flatMap((c) => c.dernierManquements)) {
    const ligne = parId.get(entree.id);
    if (!ligne || retenu(ligne)) precedents.set(entree.id, entree);
  }
  for (const m of locaux) {
    const point = pointsParId.get(m.pointControleId);
    const ancien = precedents.get(m.id);
    precedents.set(m.id, {
      id: m.id,
      dateDerniereEvolution: m.dateDerniereEvolution,
      // A point the device does not hold keeps what the server printed, else shows blank.
      categorie: point
        ? (categoriesParId.get(point.categorieId)?.libelle ?? null)
        : (ancien?.categorie ?? null),
      niveau: m.niveau,
      pointControleCode: point?.code ?? ancien?.pointControleCode ?? '',
      pointControleLibelle: point?.libelle ?? ancien?.pointControleLibelle ?? '',
      informationsAuditeur: m.informationsAuditeur,
      informationsAudite: m.informationsAudite,
      commentaire: m.commentaire,
      mesureCorrective: m.mesureCorrective,
      delaiSuiviCorrective: m.delaiSuiviCorrective,
      dateSuiviCorrective: m.dateSuiviCorrective,
      mesureCorrectrice: m.mesureCorrectrice,
      delaiSuiviCorrectrice: m.delaiSuiviCorrectrice,
      dateSuiviCorrectrice: m.dateSuiviCorrectrice,
    });
  }
  return [...precedents.values()].sort(parEvolution);
}
