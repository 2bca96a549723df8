import type { Acteur } from '../../lib/acteur';
import { rechercherCommunes } from './communes';
import { bureau } from './personne-morale.service';
import type { ReferenceRepository } from './reference.repository';

const str = (rows: { id: number; libelle: string }[]) =>
  rows.map((r) => ({ id: String(r.id), libelle: r.libelle }));

/** Reference lists of the directory's forms; office roles only, labels of the active ODG. */
export function createReferenceService(repository: ReferenceRepository) {
  return {
    aopIgps: async (acteur: Acteur) => str(await repository.aopIgps(bureau(acteur))),
    activites: async (acteur: Acteur) => {
      bureau(acteur);
      return str(await repository.activites());
    },
    activitesAop: async (acteur: Acteur) =>
      (await repository.activitesAop(bureau(acteur))).map((a) => ({
        aopIgpId: String(a.aopIgpId),
        id: String(a.id),
        libelle: a.libelle,
      })),
    communes: (acteur: Acteur, q: string) => {
      bureau(acteur);
      return rechercherCommunes(q);
    },
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
