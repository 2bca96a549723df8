import type { Role, TypeDroit } from '../enums';
import { decideAccess } from './decide-access';
import { routeParNom, type RouteName } from './routes';

export interface Onglet {
  route: RouteName;
  libelle: string;
  path: string;
}

const ONGLETS: Onglet[] = [
  { route: 'tournee', libelle: 'Tournée', path: '/tournee' },
  { route: 'recherche', libelle: 'Annuaire', path: '/recherche' },
  { route: 'tdb', libelle: 'Tableau de bord', path: '/tdb' },
  { route: 'parametrage', libelle: 'Paramétrage', path: '/parametrage' },
];

/** Main-layout tabs: each shown only if the user may navigate there (online). */
export function ongletsVisibles(
  roles: readonly Role[],
  droitActifType: TypeDroit | null,
): Onglet[] {
  return ONGLETS.filter(
    (o) =>
      decideAccess(routeParNom(o.route), {
        online: true,
        tokenState: 'VALID',
        roles,
        droitActifType,
      }) === 'ALLOW',
  );
}

export type OngletTournee = 'mesTournees' | 'programmation';

/** ANIMATEUR both tabs; CNAOL the programming dashboard only; others Mes tournées only. */
export function ongletsTournee(roles: readonly Role[]): OngletTournee[] {
  if (roles.includes('ROLE_ANIMATEUR')) return ['mesTournees', 'programmation'];
  if (roles.includes('ROLE_CNAOL')) return ['programmation'];
  return ['mesTournees'];
}

const SANS_PERIMETRE = new Set<RouteName>([
  'parametrage',
  'depotExterne',
  'creationTournee',
  'creationTourneeIno',
]);

/**
 * The perimeter selector: CNAOL only, and not on parametrage, the external deposit, creation
 * paths or routes with parameters (their data is tied to one perimeter already).
 */
export function perimetreVisible(
  roles: readonly Role[],
  route: RouteName | undefined,
  avecParametres: boolean,
) {
  return roles.includes('ROLE_CNAOL') && !avecParametres && !(route && SANS_PERIMETRE.has(route));
}
