import { rolesOuvrent, routeParNom, type Role, type TypeOrganisme } from '@estive/domain';
import { forbidden } from './errors';

/**
 * Who is asking: every service entry point receives it and checks access first
 * (docs/architecture.md §3).
 */
export interface Acteur {
  utilisateurId: number;
  uuid: string;
  roles: Role[];
  /** The active right (X-Droit-Actif, else the user's first right); its ODG is the perimeter. */
  droitActif: { id: number; organismeId: number; type: TypeOrganisme; siret: string | null } | null;
}

export const hasRole = (acteur: Acteur, ...roles: Role[]) =>
  roles.some((r) => acteur.roles.includes(r));

export function requireRole(acteur: Acteur, ...roles: Role[]): void {
  if (!hasRole(acteur, ...roles)) throw forbidden();
}

/** The ODG the actor works for; services put it in their SQL WHERE. */
export function requirePerimetre(acteur: Acteur): number {
  if (!acteur.droitActif) throw forbidden('Veuillez sélectionner un périmètre');
  return acteur.droitActif.organismeId;
}

const PARAMETRAGE = routeParNom('parametrage');

/**
 * The settings area (spec part 1 §2 `parametrage`, flag restrictOdgRef): CNAOL, or an ANIMATEUR
 * whose active right is of type ODG — decided by the domain's rule the web's routes use.
 */
export function requireParametrage(acteur: Acteur): void {
  const h = { roles: acteur.roles, droitActifType: acteur.droitActif?.type ?? null };
  if (!rolesOuvrent(PARAMETRAGE, h)) throw forbidden();
}
