import type { Acteur } from '../../lib/acteur';
import { notFound } from '../../lib/errors';
import type { OrganismesRepository } from './organismes.repository';
import { bureau } from './personne-morale.service';

type Identite = NonNullable<Awaited<ReturnType<OrganismesRepository['odg']>>>;
const versIdentite = (o: Identite) => ({ ...o, id: String(o.id) });

export function createOrganismesService(repository: OrganismesRepository) {
  return {
    async odg(acteur: Acteur, id: number) {
      const o = await repository.odg(bureau(acteur), id);
      if (!o) throw notFound();
      return versIdentite(o);
    },
    async oc(acteur: Acteur) {
      const rows = await repository.oc(bureau(acteur));
      return rows.map((o) => ({ ...versIdentite(o), aopIds: o.aopIds.map(String) }));
    },
  };
}
export type OrganismesService = ReturnType<typeof createOrganismesService>;
