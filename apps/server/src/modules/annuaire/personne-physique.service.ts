import { hasRole, type Acteur } from '../../lib/acteur';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { PageTriQuery } from '@estive/contracts';
import { motifRetention, retention } from '@estive/domain';
import type { AnonymisationRepository } from './anonymisation.repository';
import {
  MESSAGE_PERSONNE_NON_GEREE,
  type PersonnePhysiqueRepository,
  type PhysiqueFiltres,
} from './personne-physique.repository';
import { ecrivainDe } from './perimetre';
import { bureau, pageDuBureau } from './personne-morale.service';

type Ecriture = Parameters<PersonnePhysiqueRepository['creer']>[1];
type Ligne = NonNullable<Awaited<ReturnType<PersonnePhysiqueRepository['trouver']>>>;
const versLigne = (r: Ligne) => ({ ...r, id: String(r.id) });

export function createPersonnePhysiqueService(
  repository: PersonnePhysiqueRepository,
  anonymisation: AnonymisationRepository,
) {
  /** Nothing written: 403 for a person the ODG sees but does not manage, else 404. */
  async function refus(odg: number, id: number) {
    const vue = await repository.trouver(odg, id);
    return vue && !vue.anonymise ? forbidden(MESSAGE_PERSONNE_NON_GEREE) : notFound();
  }

  return {
    /** The ODG's people and its operators' contacts (docs/decisions.md 'Natural persons'). */
    rechercher: (acteur: Acteur, f: PhysiqueFiltres, q: PageTriQuery) =>
      pageDuBureau(
        acteur,
        q,
        (odg, offset, limite) => repository.rechercher(odg, f, q.sort, offset, limite),
        (r) => ({ ...r, id: r.id === null ? null : String(r.id) }),
      ),
    async contacts(acteur: Acteur, q: string) {
      const rows = await repository.contacts(bureau(acteur), q, 20);
      return rows.map((r) => ({ ...r, id: String(r.id) }));
    },
    async fiche(acteur: Acteur, id: number) {
      const r = await repository.trouver(bureau(acteur), id);
      if (!r) throw notFound();
      return versLigne(r);
    },
    async creer(acteur: Acteur, v: Ecriture) {
      const id = await repository.creer(bureau(acteur), v);
      if (id === undefined) throw notFound();
      return { id: String(id) };
    },
    async modifier(acteur: Acteur, id: number, v: Partial<Ecriture>) {
      const odg = bureau(acteur);
      const r = await repository.modifier(ecrivainDe(acteur, odg), id, v);
      if (r === undefined) throw await refus(odg, id);
      return { id: String(r) };
    },
    /**
     * A person with an active account, or who controlled within the last 5 years, is kept
     * (their name is on signed reports); CNAOL may force it, which also closes the account.
     * Only who manages the person anonymises them (`physiqueModifiable`).
     */
    async anonymiser(acteur: Acteur, id: number, force: boolean) {
      const odg = bureau(acteur);
      if (force && !hasRole(acteur, 'ROLE_CNAOL'))
        throw forbidden('Seul le CNAOL peut forcer une anonymisation');
      const fait = await anonymisation.physique(
        ecrivainDe(acteur, odg),
        id,
        acteur.utilisateurId,
        (a) => {
          const motif = a.compteActif
            ? 'Anonymisation impossible : cette personne a un compte actif'
            : motifRetention(
                retention(
                  { habilitationActive: false, derniereActivite: a.derniereActivite },
                  new Date(),
                ),
              );
          if (motif && !force) throw new AppError(409, 'RETENTION', motif, [motif]);
          return { force: force && motif !== null };
        },
      );
      if (!fait) throw await refus(odg, id);
      const { le, ...bilan } = fait;
      return { id: String(id), anonymiseLe: le.toISOString(), ...bilan };
    },
  };
}
export type PersonnePhysiqueService = ReturnType<typeof createPersonnePhysiqueService>;
