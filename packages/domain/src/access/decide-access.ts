import type { Role, TypeDroit, TypeOrganisme } from '../enums';
import type { RouteDef } from './routes';

export type EtatJeton = 'VALID' | 'EXPIRED' | 'NONE';

export interface ContexteAcces {
  online: boolean;
  /** NONE: no stored authority; EXPIRED: stored authority whose token has expired. */
  tokenState: EtatJeton;
  roles: readonly Role[];
  droitActifType: TypeDroit | null;
}

export type DecisionAcces =
  | 'ALLOW'
  /** Allowed on the stored authority although its token has expired (spec part 1 §6). */
  | 'EXPIRED'
  | 'LOGIN'
  | 'RESTRICTED'
  | 'NO_CONNECTION'
  | 'NOT_LOGGED_IN';

/**
 * May this user open this route now (spec part 1 §2 and §6)? Offline, only routes flagged
 * allowOffline open, and a private one only from the stored authority. An expired token with a
 * stored authority still opens the page (EXPIRED): offline nothing can renew it and the field
 * work must go on; online the API client refreshes it on the first call, or sends to login.
 */
export function decideAccess(route: RouteDef, ctx: ContexteAcces): DecisionAcces {
  if (!ctx.online && !route.allowOffline) {
    return ctx.tokenState === 'NONE' && !route.allowUnauth ? 'NOT_LOGGED_IN' : 'NO_CONNECTION';
  }
  if (route.allowUnauth) return 'ALLOW';
  if (ctx.tokenState === 'NONE') return ctx.online ? 'LOGIN' : 'NOT_LOGGED_IN';
  if (!rolesOuvrent(route, ctx)) return 'RESTRICTED';
  return ctx.tokenState === 'EXPIRED' ? 'EXPIRED' : 'ALLOW';
}

/** What a route's access depends on besides the session: the roles and the active right. */
export interface Habilitations {
  roles: readonly Role[];
  droitActifType: TypeOrganisme | null;
}

/**
 * Whether roles and active right open a route: one of its authorities, and for restrictOdgRef
 * only CNAOL or a user whose active right is of type ODG. Spec part 1 §2 writes ODG (not
 * ODG_REFERENTE) although the flag's name suggests the reference body; kept as written. The one
 * rule: the web's routes decide with it, and the server's settings services (requireParametrage).
 */
export function rolesOuvrent(route: RouteDef, h: Habilitations): boolean {
  if (route.authorities && !route.authorities.some((r) => h.roles.includes(r))) return false;
  return !route.restrictOdgRef || h.roles.includes('ROLE_CNAOL') || h.droitActifType === 'ODG';
}

/**
 * Where `/` leads (spec part 1 §2 'Home redirect'), as a path the router navigates to: offline
 * only Mes tournées works; office roles land on the directory, controllers on their rounds.
 */
export function homeRedirect(ctx: {
  online: boolean;
  authenticated: boolean;
  roles: readonly Role[];
}): string {
  if (!ctx.online) return ctx.authenticated ? '/tournee' : '/notLoggedIn';
  if (!ctx.authenticated) return '/login';
  if (ctx.roles.includes('ROLE_CNAOL') || ctx.roles.includes('ROLE_ANIMATEUR')) return '/recherche';
  if (ctx.roles.includes('ROLE_CONTROLEUR')) return '/tournee';
  return '/login';
}

/** ALLOW and EXPIRED both open the page; the others redirect. */
export const accesAutorise = (decision: DecisionAcces): boolean =>
  decision === 'ALLOW' || decision === 'EXPIRED';
