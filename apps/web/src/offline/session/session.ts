import { champDe } from '@estive/domain';
import type { Droit, Principal } from '@estive/contracts';
import type { EtatJeton } from '@estive/domain';
import {
  appeler,
  definirJeton,
  effacerJeton,
  estErreurReseau,
  api,
  jetonCourant,
  jetonValide,
  rafraichirJeton,
  schemas,
  toastErreurServeur,
} from '../../lib/api';
import { createStore, useStore } from '../../lib/store';
import { estEnLigne } from '../connectivity';
import { lirePrincipalStocke } from '../principalStocke';
import { ecrireMeta, META } from '../sync/meta';
import { CLES, ecrire, lire } from '../storage';
import { gestionnaireStockage } from '../../lib/navigateur';

/**
 * The device's Dexie database and the account-change check that uses it load with the first call
 * that writes, not with the shell (issue 17, item 6): the start reads the stored principal without
 * Dexie (offline/principalStocke.ts).
 */
const baseLocale = () => import('../db').then((m) => m.db);
const changementCompte = () => import('./changementCompte');

interface Session {
  /** False until the start-up decision (server or stored authority) is made. */
  pret: boolean;
  /** Fresh from the server, or the stored authority when the app started offline. */
  principal: Principal | null;
  /** 'local': read from the device, to be reloaded from the server once online. */
  source: 'serveur' | 'local' | null;
  droitActifId: string | null;
}

export const session = createStore<Session>({
  pret: false,
  principal: null,
  source: null,
  droitActifId: null,
});
export const useSession = () => useStore(session);

/**
 * The token state the access decision needs. Online the client refreshes an expired token by
 * itself, so a signed-in user counts as VALID; offline nothing can be refreshed and an expired
 * token gives EXPIRED, which still opens the offline routes (spec part 1 §6).
 */
export function etatJeton(
  principal: Principal | null,
  enLigne: boolean,
  valide = jetonValide(),
): EtatJeton {
  if (!principal) return 'NONE';
  return enLigne || valide ? 'VALID' : 'EXPIRED';
}

/** The right chosen last time on this device, if what is stored is one. */
function droitMemorise(): string | null {
  const valeur = lire(CLES.droitActif);
  return typeof valeur === 'string' ? valeur : null;
}

/** The active right: the one chosen if the user still holds it, else the first (spec part 1 §1). */
export function choisirDroit(principal: Principal | null, choisi: string | null): Droit | null {
  if (!principal) return null;
  return principal.droits.find((d) => d.id === choisi) ?? principal.droits[0] ?? null;
}

export const droitActif = (s: Session = session.get()): Droit | null =>
  choisirDroit(s.principal, s.droitActifId);

function appliquer(principal: Principal, source: Session['source']): void {
  const droit = choisirDroit(principal, droitMemorise());
  session.set((s) => ({ ...s, principal, source, droitActifId: droit?.id ?? null }));
}

/** Remembered across reloads; the caller invalidates the server queries (new perimeter). */
export function choisirDroitActif(id: string): void {
  ecrire(CLES.droitActif, id);
  session.set((s) => ({ ...s, droitActifId: id }));
}

/**
 * GET /api/principal (10 s timeout), then the account-change check, then the principal becomes
 * the stored authority. Resolves null when the user declined the account change.
 */
export async function chargerPrincipal(): Promise<Principal | null> {
  const principal = await api('GET /api/principal', { timeoutMs: 10_000 });
  const { accepterUtilisateur } = await changementCompte();
  if (!(await accepterUtilisateur(principal.uuid, deconnecter))) return null;
  await ecrireMeta(await baseLocale(), META.principal, principal);
  appliquer(principal, 'serveur');
  return principal;
}

/** Spec part 2 §8: a principal load failure shows the error and logs out; offline keeps the device's. */
async function rechargerPrincipal(): Promise<void> {
  try {
    await chargerPrincipal();
  } catch (e) {
    if (estErreurReseau(e)) return;
    toastErreurServeur(e);
    await deconnecter();
  }
}

/**
 * At start: online, the token (or the refresh cookie) gives a fresh principal; offline, the stored
 * principal lets the offline routes work. Online without a session, the stored one is forgotten.
 */
export async function demarrerSession(): Promise<void> {
  const stocke = await lirePrincipalStocke().catch(() => undefined);
  if (stocke) appliquer(stocke, 'local');
  if (estEnLigne()) {
    try {
      if (jetonValide() || (await rafraichirJeton())) await rechargerPrincipal();
      else if (stocke) await oublierSession();
    } catch {
      // The refresh found no server: stay on the stored authority.
    }
  }
  session.set((s) => ({ ...s, pret: true }));
}

/** Back online after an offline start: the stored principal is checked against the server. */
export function surRetourEnLigne(): void {
  const s = session.get();
  if (s.pret && s.principal && s.source === 'local') void rechargerPrincipal();
}

export async function connecter(login: string, password: string): Promise<Principal | null> {
  const reponse = await appeler('/api/auth/login', {
    method: 'POST',
    authentifie: false,
    timeoutMs: 15_000,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  const { tokenResponseSchema } = await schemas();
  const { accessToken, expiresIn } = tokenResponseSchema.parse(await reponse.json());
  definirJeton(accessToken, expiresIn);
  const principal = await chargerPrincipal();
  // Ask the browser not to evict offline work (controls, signed reports) under storage pressure.
  void gestionnaireStockage()?.persist();
  return principal;
}

async function oublierSession(): Promise<void> {
  effacerJeton();
  await (await baseLocale()).meta.delete(META.principal);
  session.set((s) => ({ ...s, principal: null, source: null, droitActifId: null }));
}

/**
 * Logout: the server revokes the refresh token and the device forgets the stored authority, so the
 * app no longer opens offline (hence the advice not to log out before going offline). The user
 * uuid and the last sync date stay: they detect an account change at the next sign-in.
 */
export async function deconnecter(): Promise<void> {
  let finSessionFournisseur: string | undefined;
  try {
    const reponse = await appeler('/api/auth/logout', {
      method: 'POST',
      authentifie: false,
      timeoutMs: 5_000,
    });
    // A session the identity provider opened: the provider's own session ends there too.
    if (reponse.status === 200) {
      const fin = champDe(await reponse.json(), 'finSessionFournisseur');
      if (typeof fin === 'string') finSessionFournisseur = fin;
    }
  } catch {
    // Offline or already revoked: forgetting locally is what matters here.
  }
  await oublierSession();
  if (finSessionFournisseur) window.location.assign(finSessionFournisseur);
}

/** The refresh was refused: the session is over on the server, back to sign-in. */
export const terminerSession = (): Promise<void> => oublierSession();

/** A valid access token for the connectivity socket, refreshed if needed; null without a session. */
export async function jetonPourSocket(): Promise<string | null> {
  if (!session.get().principal) return null;
  if (jetonValide()) return jetonCourant();
  return estEnLigne() && (await rafraichirJeton()) ? jetonCourant() : null;
}
