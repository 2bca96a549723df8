import { champDe, clesDe } from '@estive/domain';
import { createStore, useStore } from '../lib/store';
import { CLES, ecrire, lire } from './storage';

/**
 * Is the app online? (docs/architecture.md §5 'Connectivity', spec part 2 §4 'Connection'.) Three
 * sources: the health check (GET /api/actuator/health, 5 s timeout, polled), the websocket (ping
 * every 10 s, reconnect every 5 s, down after more than 2 consecutive closures) and every API call
 * (a network error → unreachable, any HTTP answer → reachable). The manual offline mode overrides
 * them all until 'Quitter mode Hors Ligne'.
 */
export interface EtatConnexion {
  /** What the app acts on. */
  enLigne: boolean;
  horsLigneManuel: boolean;
  /** The browser's own view (navigator.onLine): false means certainly offline. */
  reseau: boolean;
  /** Last word of the health check or of an API call. */
  serveurJoignable: boolean;
  /** True until the socket has closed more than twice in a row. */
  socketConnecte: boolean;
}

export const FERMETURES_MAX = 2;
export const PING_MS = 10_000;
export const RECONNEXION_MS = 5_000;
export const SANTE_TIMEOUT_MS = 5_000;
export const SANTE_INTERVALLE_MS = 30_000;

export function calculerEnLigne(e: Omit<EtatConnexion, 'enLigne'>): boolean {
  return !e.horsLigneManuel && e.reseau && (e.serveurJoignable || e.socketConnecte);
}

/** After a closure: is the socket still counted as connected? (more than 2 in a row: no) */
export const apresFermeture = (fermetures: number) => ({
  fermetures: fermetures + 1,
  connecte: fermetures + 1 <= FERMETURES_MAX,
});

const enLigneNavigateur = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

const connectivite = createStore<EtatConnexion>(
  (() => {
    const base = {
      horsLigneManuel: lire(CLES.horsLigneManuel) === true,
      reseau: enLigneNavigateur(),
      serveurJoignable: enLigneNavigateur(),
      socketConnecte: false,
    };
    return { ...base, enLigne: calculerEnLigne(base) };
  })(),
);

function maj(partiel: Partial<Omit<EtatConnexion, 'enLigne'>>): void {
  const etat = connectivite.get();
  const suivant = { ...etat, ...partiel };
  suivant.enLigne = calculerEnLigne(suivant);
  if (clesDe(suivant).every((k) => etat[k] === suivant[k])) return;
  connectivite.set(suivant);
}

export const lireConnectivite = (): EtatConnexion => connectivite.get();
export const abonnerConnectivite = connectivite.subscribe;
export const useConnectivite = (): EtatConnexion => useStore(connectivite);
export const estEnLigne = (): boolean => connectivite.get().enLigne;

/** Called by the API client after each call. */
export const signalerJoignabilite = (joignable: boolean): void =>
  maj({ serveurJoignable: joignable });

export function definirHorsLigneManuel(actif: boolean): void {
  ecrire(CLES.horsLigneManuel, actif ? true : null);
  maj({ horsLigneManuel: actif });
  if (!actif) void verifierSante();
}

export async function verifierSante(): Promise<boolean> {
  maj({ reseau: enLigneNavigateur() });
  try {
    const reponse = await fetch('/api/actuator/health', {
      cache: 'no-store',
      signal: AbortSignal.timeout(SANTE_TIMEOUT_MS),
    });
    const ok = reponse.ok && champDe(await reponse.json(), 'status') === 'UP';
    maj({ serveurJoignable: ok });
    return ok;
  } catch {
    maj({ serveurJoignable: false });
    return false;
  }
}

/**
 * The connectivity socket. It needs a valid access token (browsers cannot set headers on a
 * websocket, the token goes in the query); without a session the health check alone decides.
 */
class SocketConnexion {
  private ws: WebSocket | null = null;
  private fermetures = 0;
  private ping: ReturnType<typeof setInterval> | undefined;
  private reprise: ReturnType<typeof setTimeout> | undefined;
  private actif = false;

  constructor(
    private readonly jeton: () => Promise<string | null>,
    private readonly surRevocation: () => void,
  ) {}

  demarrer(): void {
    if (this.actif) return;
    this.actif = true;
    void this.connecter();
  }

  /** Not narrowed by an earlier check: the flag can change while a promise is awaited. */
  private toujoursActif(): boolean {
    return this.actif;
  }

  arreter(): void {
    this.actif = false;
    clearTimeout(this.reprise);
    clearInterval(this.ping);
    this.ws?.close();
    this.ws = null;
    this.fermetures = 0;
    maj({ socketConnecte: false });
  }

  private async connecter(): Promise<void> {
    if (!this.actif) return;
    const jeton = await this.jeton().catch(() => null);
    // Read again: arreter() may have run while the token was awaited.
    if (!this.toujoursActif()) return;
    if (!jeton) {
      this.surFermeture();
      return;
    }
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(
      `${proto}//${location.host}/api/ws?access_token=${encodeURIComponent(jeton)}`,
    );
    this.ws = ws;
    ws.onopen = () => {
      this.fermetures = 0;
      maj({ socketConnecte: true, serveurJoignable: true });
      this.ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('ping'), PING_MS);
    };
    ws.onmessage = (evenement: MessageEvent) => {
      if (estRevocation(evenement.data)) {
        // The account was deactivated: sign out now, without waiting for the next call.
        this.arreter();
        this.surRevocation();
      }
    };
    ws.onclose = () => {
      clearInterval(this.ping);
      if (this.ws === ws) this.surFermeture();
    };
  }

  private surFermeture(): void {
    const { fermetures, connecte } = apresFermeture(this.fermetures);
    this.fermetures = fermetures;
    if (!connecte) maj({ socketConnecte: false });
    if (this.actif) this.reprise = setTimeout(() => void this.connecter(), RECONNEXION_MS);
  }
}

/** The server's word that this account was deactivated (issue 16 §4). */
export function estRevocation(donnees: unknown): boolean {
  if (typeof donnees !== 'string' || !donnees.includes('session-revoquee')) return false;
  try {
    return champDe(JSON.parse(donnees), 'type') === 'session-revoquee';
  } catch {
    return false;
  }
}

let socket: SocketConnexion | null = null;

/**
 * Starts the socket for a signed-in user; `jeton` gives a valid access token or null;
 * `surRevocation` ends the session when the server says the account was deactivated.
 */
export function demarrerSocket(
  jeton: () => Promise<string | null>,
  surRevocation: () => void = () => undefined,
): void {
  socket?.arreter();
  socket = new SocketConnexion(jeton, surRevocation);
  socket.demarrer();
}

export function arreterSocket(): void {
  socket?.arreter();
  socket = null;
}

/** Health polling and the browser's online/offline events; returns the stop function. */
export function demarrerSurveillance(): () => void {
  const verifier = () => void verifierSante();
  const horsLigne = () => maj({ reseau: false, serveurJoignable: false });
  const visible = () => document.visibilityState === 'visible' && verifier();
  window.addEventListener('online', verifier);
  window.addEventListener('offline', horsLigne);
  document.addEventListener('visibilitychange', visible);
  const minuteur = setInterval(verifier, SANTE_INTERVALLE_MS);
  return () => {
    window.removeEventListener('online', verifier);
    window.removeEventListener('offline', horsLigne);
    document.removeEventListener('visibilitychange', visible);
    clearInterval(minuteur);
  };
}

/**
 * Starts watching connectivity for the app's lifetime: health polling, browser events and, while
 * a user is signed in (`jeton` gives a valid token or null), the socket. Returns the stop function.
 */
export function surveillerConnectivite(
  jeton: () => Promise<string | null>,
  surRevocation: () => void = () => undefined,
): () => void {
  const arreter = demarrerSurveillance();
  demarrerSocket(jeton, surRevocation);
  return () => {
    arreter();
    arreterSocket();
  };
}
