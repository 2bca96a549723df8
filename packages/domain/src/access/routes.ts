import { defined } from '../invariant';
import { ROLES, ROLES_BUREAU, type Role } from '../enums';

/**
 * The route table of spec part 1 §2 as data: the web router is built from it and `decideAccess`
 * judges it, so what a user may open is decided in one place.
 */
export interface RouteDef {
  name: string;
  /** Full path, react-router syntax (`:id?` optional parameter). */
  path: string;
  allowUnauth?: boolean;
  allowOffline?: boolean;
  /** Roles allowed; absent = any authenticated user. */
  authorities?: readonly Role[];
  /** Only CNAOL, or a user whose active right is of type ODG. */
  restrictOdgRef?: boolean;
}

const TOUS: readonly Role[] = ROLES;
const BUREAU: readonly Role[] = ROLES_BUREAU;

/**
 * Flat, with full paths: the tournee children ('', creation/:id?, creation_ino, externe,
 * detail/:id?) and the recherche and tdb children are listed under their parent's path. The
 * utility pages (restricted, noConnection, notLoggedIn, login) open offline too: they are where
 * an offline user is sent, and must never bounce back to noConnection.
 */
export const ROUTES = [
  { name: 'home', path: '/', allowUnauth: true, allowOffline: true },
  { name: 'login', path: '/login', allowUnauth: true, allowOffline: true },
  { name: 'restricted', path: '/restricted', allowUnauth: true, allowOffline: true },
  { name: 'noConnection', path: '/noConnection', allowUnauth: true, allowOffline: true },
  { name: 'notLoggedIn', path: '/notLoggedIn', allowUnauth: true, allowOffline: true },
  { name: 'rgpd', path: '/rgpd', allowUnauth: true, allowOffline: true },
  { name: 'mentions', path: '/mentions', allowUnauth: true, allowOffline: true },
  { name: 'tournee', path: '/tournee', authorities: TOUS, allowOffline: true },
  // Programming is office work: the spec opens it to the three roles, issue 14 and the server
  // (initialise, ajoute… refuse controllers) close it to them (docs/decisions.md).
  { name: 'creationTournee', path: '/tournee/creation/:id?', authorities: BUREAU },
  // Quick creation (spec part 1 §4, §7 creation-rapide): office work like the wizard.
  { name: 'creationRapideTournee', path: '/tournee/creation-rapide', authorities: BUREAU },
  {
    name: 'creationTourneeIno',
    path: '/tournee/creation_ino',
    authorities: TOUS,
    allowOffline: true,
  },
  { name: 'depotExterne', path: '/tournee/externe', authorities: BUREAU },
  { name: 'detailTournee', path: '/tournee/detail/:id?', authorities: TOUS },
  { name: 'saisieControle', path: '/controle/saisie', authorities: TOUS, allowOffline: true },
  { name: 'recherche', path: '/recherche', authorities: BUREAU },
  { name: 'physique', path: '/recherche/physique/:id', authorities: BUREAU },
  {
    name: 'physiqueModification',
    path: '/recherche/physique/:id/modification',
    authorities: BUREAU,
  },
  { name: 'physiqueCreation', path: '/recherche/physique/creation', authorities: BUREAU },
  { name: 'morale', path: '/recherche/morale/:id', authorities: BUREAU },
  { name: 'moraleModification', path: '/recherche/morale/:id/modification', authorities: BUREAU },
  { name: 'moraleCreation', path: '/recherche/morale/creation', authorities: BUREAU },
  {
    name: 'habilitationCreation',
    path: '/recherche/morale/:moraleId/habilitation/creation',
    authorities: BUREAU,
  },
  {
    name: 'habilitationModification',
    path: '/recherche/morale/:moraleId/habilitation/modification/:aopId',
    authorities: BUREAU,
  },
  { name: 'tdb', path: '/tdb', authorities: BUREAU },
  { name: 'tdbManquement', path: '/tdb/manquement/:id', authorities: BUREAU },
  { name: 'parametrage', path: '/parametrage', authorities: BUREAU, restrictOdgRef: true },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

export const routeParNom = (name: RouteName): RouteDef =>
  defined(
    ROUTES.find((r) => r.name === name),
    name,
  );
