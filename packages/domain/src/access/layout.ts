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

/**
 * Main-layout tabs: each shown only if the user may navigate there, judged online with a valid
 * token; offline the guard still sends a tab that needs the network to noConnection.
 */
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

/** Routes whose data already belongs to one perimeter: switching it there would mislead. */
const SANS_PERIMETRE = new Set<RouteName>(['parametrage', 'depotExterne']);
const estCreation = (route: RouteName) => routeParNom(route).path.includes('/creation');

/**
 * The perimeter selector (spec part 1 §2 'Main layout'): CNAOL only, and not on parametrage,
 * the external deposit, creation paths or routes with parameters (their data is tied to one
 * perimeter already).
 */
export function perimetreVisible(
  roles: readonly Role[],
  route: RouteName | undefined,
  avecParametres: boolean,
): boolean {
  if (!roles.includes('ROLE_CNAOL') || avecParametres) return false;
  return !route || !(SANS_PERIMETRE.has(route) || estCreation(route));
}
