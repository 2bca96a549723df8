import { ROLES } from '@estive/domain';
import type { Auditeur, Principal, PrincipalFilters } from '@estive/contracts';
import type { TypeDroit } from '@estive/domain';
import { hasRole, requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { notFound, unauthorized } from '../../lib/errors';
import type { PrincipalRepository } from './principal.repository';

export function createPrincipalService(repository: PrincipalRepository) {
  return {
    async principal(acteur: Acteur): Promise<Principal> {
      const profil = await repository.findProfil(acteur.utilisateurId);
      if (!profil) throw unauthorized();
      const droits = await repository.listDroits(acteur.utilisateurId);
      return {
        ...profil,
        mail: profil.mail ?? profil.login,
        droits: droits
          // An OC is never a right's organisation; the filter keeps the type honest.
          .filter((d): d is typeof d & { type: TypeDroit } => d.type !== 'OC')
          .map((d) => ({
            id: String(d.id),
            odgId: String(d.odgId),
            type: d.type,
            siret: d.siret,
            raisonSociale: d.raisonSociale,
            hasLogo: d.logoFichierId !== null,
          })),
      };
    },

    async filters(acteur: Acteur): Promise<PrincipalFilters> {
      // CNAOL without a chosen perimeter sees every label; others only their ODG's.
      const toutes = hasRole(acteur, 'ROLE_CNAOL') && !acteur.droitActif;
      const odgId = acteur.droitActif?.organismeId;
      const [aopIgps, profils] = await Promise.all([
        toutes || odgId !== undefined ? repository.listAopIgps(odgId) : Promise.resolve([]),
        repository.listActivites(),
      ]);
      const str = (rows: { id: number; libelle: string }[]) =>
        rows.map((r) => ({ id: String(r.id), libelle: r.libelle }));
      return { aopIgps: str(aopIgps), profils: str(profils) };
    },

    /**
     * The controllers of the active right's ODG: whom a report may name as its auditor when the
     * signed-in user signs for a colleague (docs/decisions.md 'Recherche auditeur').
     */
    async auditeurs(acteur: Acteur): Promise<Auditeur[]> {
      requireRole(acteur, ...ROLES);
      const rows = await repository.listControleurs(requirePerimetre(acteur));
      return rows.map(({ login, ...r }) => ({ ...r, id: String(r.id), mail: r.mail ?? login }));
    },

    async logo(organismeId: number) {
      const logo = await repository.findLogo(organismeId);
      if (!logo) throw notFound('Logo introuvable');
      return logo;
    },
  };
}
export type PrincipalService = ReturnType<typeof createPrincipalService>;
