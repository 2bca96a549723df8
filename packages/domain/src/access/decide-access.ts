import type { Role, TypeDroit } from '../enums';
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
  /** Offline with an expired token: allowed, the app works from stored authority (spec §6). */
  | 'EXPIRED'
  | 'LOGIN'
  | 'RESTRICTED'
  | 'NO_CONNECTION'
  | 'NOT_LOGGED_IN';

/**
 * May this user open this route now? Offline, only routes flagged allowOffline open, from the
 * stored authority. Online, an expired token is refreshed by the API client, so it counts as none.
 */
export function decideAccess(route: RouteDef, ctx: ContexteAcces): DecisionAcces {
  if (!ctx.online && !route.allowOffline) {
    return ctx.tokenState === 'NONE' && !route.allowUnauth ? 'NOT_LOGGED_IN' : 'NO_CONNECTION';
  }
  if (route.allowUnauth) return 'ALLOW';
  if (ctx.tokenState === 'NONE') return ctx.online ? 'LOGIN' : 'NOT_LOGGED_IN';
  if (ctx.tokenState === 'EXPIRED' && ctx.online) return 'LOGIN';
  if (route.authorities && !route.authorities.some((r) => ctx.roles.includes(r)))
    return 'RESTRICTED';
  if (route.restrictOdgRef && !ctx.roles.includes('ROLE_CNAOL') && ctx.droitActifType !== 'ODG') {
    return 'RESTRICTED';
  }
  return ctx.tokenState === 'EXPIRED' ? 'EXPIRED' : 'ALLOW';
}

/** Where `/` leads (spec part 1 §2 'Home redirect'). */
export function homeRedirect(ctx: {
  online: boolean;
  authenticated: boolean;
  roles: readonly Role[];
}) {
  if (!ctx.online) return ctx.authenticated ? '/tournee' : '/notLoggedIn';
  if (!ctx.authenticated) return '/login';
  if (ctx.roles.includes('ROLE_CNAOL') || ctx.roles.includes('ROLE_ANIMATEUR')) return '/recherche';
  if (ctx.roles.includes('ROLE_CONTROLEUR')) return '/tournee';
  return '/login';
}
