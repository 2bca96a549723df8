/**
 * The access token: in memory, mirrored in sessionStorage so that a reload within the tab keeps
 * it (offline, a still-valid token keeps the session VALID rather than EXPIRED). The refresh token
 * never reaches JavaScript: it is an httpOnly cookie.
 */
import { champDe } from '@estive/domain';

const CLE = 'estive.jeton';

interface Jeton {
  valeur: string;
  /** Epoch milliseconds. */
  expireA: number;
}

let jeton: Jeton | null = lire();

function lire(): Jeton | null {
  try {
    const brut = sessionStorage.getItem(CLE);
    const lu: unknown = brut ? JSON.parse(brut) : null;
    const valeur = champDe(lu, 'valeur');
    const expireA = champDe(lu, 'expireA');
    return typeof valeur === 'string' && typeof expireA === 'number' ? { valeur, expireA } : null;
  } catch {
    return null;
  }
}

export function definirJeton(valeur: string, expiresInSecondes: number): void {
  jeton = { valeur, expireA: Date.now() + expiresInSecondes * 1000 };
  sessionStorage.setItem(CLE, JSON.stringify(jeton));
}

export function effacerJeton(): void {
  jeton = null;
  sessionStorage.removeItem(CLE);
}

export const jetonCourant = (): string | null => jeton?.valeur ?? null;

/** A token that is still valid for at least `margeMs` (default 10 s, for clock skew). */
export const jetonValide = (maintenant = Date.now(), margeMs = 10_000): boolean =>
  jeton !== null && jeton.expireA - margeMs > maintenant;
