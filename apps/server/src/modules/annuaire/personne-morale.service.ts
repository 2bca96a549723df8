import type { z } from 'zod';
import type {
  habilitationExistantSchema,
  PersonneMoraleEcriture,
  PersonneMoraleFiltres,
  PageTriQuery,
} from '@estive/contracts';
import { champDe, motifRetention, retention, ROLES_BUREAU } from '@estive/domain';
import { hasRole, requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { pageDe, parIds, type Page } from '../../lib/paging';
import type { AnonymisationRepository } from './anonymisation.repository';
import type { FicheRepository } from './fiche.repository';
import { ecrivainDe, operateurDUnAutreOdg } from './perimetre';
import type { PersonneMoraleRepository } from './personne-morale.repository';
import { versFicheMorale } from './presenters';

const s = (id: number) => String(id);
export const MESSAGE_SIRET_EXISTANT = 'Un opérateur avec ce numéro de siret existe déjà';

/** Office side of the directory: CNAOL and animateurs, within the active right's ODG. */
export function bureau(acteur: Acteur): number {
  requireRole(acteur, ...ROLES_BUREAU);
  return requirePerimetre(acteur);
}

/** One page of an office search (operators, persons, habilitations): rows mapped to the API's lines. */
export async function pageDuBureau<R, L>(
  acteur: Acteur,
  q: { page: number; size: number },
  rechercher: (
    odg: number,
    offset: number,
    limite: number,
  ) => Promise<{ content: R[]; totalElements: number }>,
  versLigne: (r: R) => L,
): Promise<Page<L>> {
  const { content, totalElements } = await rechercher(bureau(acteur), q.page * q.size, q.size);
  return pageDe(content.map(versLigne), totalElements, q);
}

export function createPersonneMoraleService(
  repository: PersonneMoraleRepository,
  fiches: FicheRepository,
  anonymisation: AnonymisationRepository,
) {
  /** Nothing written: 403 for an operator the ODG sees but does not own, else 404. */
  async function refus(odg: number, id: number) {
    return (await repository.trouver(odg, id)) ? operateurDUnAutreOdg() : notFound();
  }

  return {
    rechercher: (acteur: Acteur, f: PersonneMoraleFiltres, q: PageTriQuery) =>
      pageDuBureau(
        acteur,
        q,
        (odg, offset, limite) => repository.rechercher(odg, f, q.sort, offset, limite),
        (r) => ({ ...r, id: s(r.id) }),
      ),

    /** Every row of the search in its order, read by batches of ids: for the XLSX export. */
    exporter(acteur: Acteur, f: PersonneMoraleFiltres, sort: string[]) {
      const odg = bureau(acteur);
      return (async function* () {
        yield* parIds(await repository.idsExport(odg, f, sort), (ids) =>
          repository.lignesExport(odg, ids),
        );
      })();
    },

    async courts(acteur: Acteur, q: string, aop: number | undefined, habilites: boolean) {
      const odg = bureau(acteur);
      const rows = await repository.courts(odg, q, aop, 20, habilites);
      return rows.map((r) => ({ ...r, id: s(r.id) }));
    },

    /**
     * An operator outside the perimeter is told only by who holds it (docs/decisions.md 'An
     * operator that exists under another ODG'): no id, name or address, so that the office
     * offers the ways that exist (ask CNAOL, or habilitate it on one of its labels) instead of a
     * fiche that would not open.
     */
    async existants(acteur: Acteur, siret: string | undefined, ede: string | undefined) {
      const odg = bureau(acteur);
      const rows = await repository.existants(odg, siret, ede);
      const vus = await repository.courtsParIds(
        rows.filter((r) => r.dansPerimetre).map((r) => r.id),
      );
      const operateurs = rows.map((r) => {
        const court = vus.find((v) => v.id === r.id);
        return {
          operateur: court ? { ...court, id: s(court.id) } : null,
          detenteurs: r.detenteurs,
        };
      });
      const horsPerimetre = operateurs.some((o) => o.operateur === null);
      return { operateurs, contactCnaol: horsPerimetre ? await repository.contactCnaol() : [] };
    },

    /** An operator held by another ODG joins this one's perimeter by a habilitation on its label. */
    async habiliterExistant(acteur: Acteur, v: z.output<typeof habilitationExistantSchema>) {
      const id = await repository.habiliterExistant(bureau(acteur), acteur.utilisateurId, v);
      if (id === undefined)
        throw notFound('Opérateur, AOP-IGP ou activité introuvable dans votre périmètre');
      return { id: s(id) };
    },

    /** The active right's ODG owns it until an ODG habilitates it (moraleEcrivable). */
    async creer(acteur: Acteur, v: PersonneMoraleEcriture) {
      const id = await repository.creer(v, bureau(acteur));
      if (id === undefined) throw siretExistant();
      return { id: s(id) };
    },

    async modifier(acteur: Acteur, id: number, v: Partial<PersonneMoraleEcriture>) {
      const odg = bureau(acteur);
      try {
        const r = await repository.modifier(ecrivainDe(acteur, odg), id, v);
        if (r === undefined) throw await refus(odg, id);
        return { id: s(r) };
      } catch (e) {
        if (estViolationUnique(e)) throw siretExistant();
        throw e;
      }
    },

    async sites(acteur: Acteur, id: number) {
      const odg = bureau(acteur);
      if (!(await repository.trouver(odg, id))) throw notFound();
      return (await repository.sites(odg, id)).map((r) => ({
        id: s(r.id),
        libelle: r.libelle,
        siege: r.siege,
        adresse1: r.adresse1,
        codePostal: r.codePostal,
        ville: r.ville,
        latitude: r.latitude,
        longitude: r.longitude,
        aopIds: r.aopIds.map(s),
      }));
    },

    async fiche(acteur: Acteur, id: number) {
      const f = await fiches.morale(bureau(acteur), id);
      if (!f) throw notFound();
      return versFicheMorale(f);
    },

    /**
     * GDPR anonymisation: refused while the retention period runs, unless `force` by CNAOL
     * (an animateur asking to force is refused outright); only by who may write the operator.
     * The answer says what was removed and what was kept, and why.
     */
    async anonymiser(acteur: Acteur, id: number, force: boolean) {
      const odg = bureau(acteur);
      if (force && !hasRole(acteur, 'ROLE_CNAOL'))
        throw forbidden('Seul le CNAOL peut forcer une anonymisation');
      const fait = await anonymisation.morale(
        ecrivainDe(acteur, odg),
        id,
        acteur.utilisateurId,
        (a) => {
          const motif = motifRetention(retention(a, new Date()));
          if (motif && !force) throw new AppError(409, 'RETENTION', motif, [motif]);
          return { force: force && motif !== null };
        },
      );
      if (!fait) throw await refus(odg, id);
      const { le, ...bilan } = fait;
      return { id: s(id), anonymiseLe: le.toISOString(), ...bilan };
    },
  };
}
export type PersonneMoraleService = ReturnType<typeof createPersonneMoraleService>;

const siretExistant = () => conflict(MESSAGE_SIRET_EXISTANT);
const estViolationUnique = (e: unknown) =>
  champDe(e, 'code') === '23505' || champDe(champDe(e, 'cause'), 'code') === '23505';
