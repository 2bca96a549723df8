import type { Acteur } from '../../lib/acteur';
import { invalid, notFound } from '../../lib/errors';
import { pageDe, parLots } from '../../lib/paging';
import type { GroupeRepository } from './groupe.repository';
import { bureau } from './personne-morale.service';

const s = (id: number) => String(id);

/** Issue 32 item 4: a group name is unique per ODG; told on the field, as the form shows it. */
export const GROUPE_EXISTANT = 'Un groupe de ce nom existe déjà';
function unique<T>(r: T | 'doublon'): T {
  if (r === 'doublon')
    throw invalid(
      'Veuillez vérifier votre saisie',
      [],
      [{ field: 'libelle', defaultMessage: GROUPE_EXISTANT }],
    );
  return r;
}
const avecId = <T extends { id: number }>(r: T) => ({ ...r, id: s(r.id) });

export function createGroupeService(repository: GroupeRepository) {
  const exiger = <T>(v: T | undefined | false): T => {
    if (v === undefined || v === false) throw notFound();
    return v;
  };
  return {
    async lister(acteur: Acteur, q: { page: number; size: number; libelle?: string }) {
      const { content, totalElements } = await repository.lister(
        bureau(acteur),
        q.page * q.size,
        q.size,
        q.libelle,
      );
      return pageDe(content.map(avecId), totalElements, q);
    },
    async trouver(acteur: Acteur, id: number) {
      return avecId(exiger(await repository.trouver(bureau(acteur), id)));
    },
    async creer(acteur: Acteur, libelle: string) {
      return { id: s(exiger(unique(await repository.creer(bureau(acteur), libelle)))) };
    },
    async modifier(acteur: Acteur, id: number, libelle: string) {
      return { id: s(exiger(unique(await repository.modifier(bureau(acteur), id, libelle)))) };
    },
    async supprimer(acteur: Acteur, id: number) {
      exiger(await repository.supprimer(bureau(acteur), id));
    },
    async membres(acteur: Acteur, id: number) {
      const odg = bureau(acteur);
      exiger(await repository.trouver(odg, id));
      return (await repository.membres(odg, id)).map(avecId);
    },
    async membresPossibles(acteur: Acteur, id: number, q: string) {
      const odg = bureau(acteur);
      // Another ODG's group (or none) is 404, as for its members, not an empty list.
      exiger(await repository.trouver(odg, id));
      return (await repository.membresPossibles(odg, id, q)).map(avecId);
    },
    async ajouterMembre(acteur: Acteur, id: number, personneMoraleId: number) {
      exiger(await repository.ajouterMembre(bureau(acteur), id, personneMoraleId));
    },
    async retirerMembre(acteur: Acteur, id: number, personneMoraleId: number) {
      exiger(await repository.retirerMembre(bureau(acteur), id, personneMoraleId));
    },
    /** Members of the ODG's groups the list shows (same libellé filter), one row per membership. */
    exporter(acteur: Acteur, libelle?: string) {
      const odg = bureau(acteur);
      return (async function* () {
        for await (const g of parLots((offset, limite) =>
          repository.lister(odg, offset, limite, libelle).then((r) => r.content),
        )) {
          const membres = await repository.membres(odg, g.id);
          // A group without members still has its row: the export lists the groups searched.
          if (!membres.length) yield { groupe: g.libelle, ...SANS_MEMBRE };
          for (const m of membres) yield { groupe: g.libelle, ...m };
        }
      })();
    },
  };
}
const SANS_MEMBRE = { raisonSociale: null, siret: null, codePostal: null, ville: null };
export type GroupeService = ReturnType<typeof createGroupeService>;
