import type { FastifyInstance } from 'fastify';
import { wsQuerySchema } from '@estive/contracts';
import { unauthorized } from '../../lib/errors';
import { routeSocket } from '../../lib/route';
import type { AuthService } from '../auth/auth.service';
import type { IndicesService } from '../synchro/indices.service';

/** Told to an open page whose account was deactivated, just before its socket closes. */
export const SESSION_REVOQUEE = { type: 'session-revoquee' } as const;
/** The closing code then (4000–4999: the application's own). */
export const FERMETURE_SESSION_REVOQUEE = 4401;

/**
 * The account behind a verified token, read fresh: 'actif', 'desactive' (by an administrator), or
 * 'session-fermee' (the token's session `sid` was ended by a logout; the account is still active).
 */
export type EtatCompte = (
  uuid: string,
  sid: string | undefined,
) => Promise<'actif' | 'desactive' | 'session-fermee'>;

/**
 * The connectivity socket: browsers cannot set headers on a WebSocket, so the access token comes
 * as a query parameter. It answers pings, and passes on the sync hints every node hears from
 * PostgreSQL (`{"type":"indice","tables":[…]}`: these tables changed, a sync would bring news).
 * A deactivation notifies 'utilisateur' on the same channel (issue 16 §4, no feed carries it): each
 * socket then reads whether its own account is still active and, if not, says
 * `{"type":"session-revoquee"}` and closes, so the page signs out at once rather than at its next
 * call. The account is read once per socket and deactivation — no poll. A page whose socket was
 * reconnecting at that moment hears it on its next connection: a deactivated account's valid token
 * opens the socket only to be told the same, where a refused upgrade would look like a network
 * fault and the page would retry forever, still signed in.
 */
export function wsRoutes(auth: AuthService, indices: IndicesService, etatCompte: EtatCompte) {
  // The account of each socket, read from its token once it is verified.
  const sujets = new WeakMap<
    object,
    { sub: string; sid: string | undefined; desactive: boolean }
  >();
  return async function register(app: FastifyInstance) {
    routeSocket(
      app,
      'GET /api/ws',
      (socket, request) => {
        const sujet = sujets.get(request) ?? { sub: '', sid: undefined, desactive: false };
        const revoquer = () => {
          if (socket.readyState !== socket.OPEN) return;
          socket.send(JSON.stringify(SESSION_REVOQUEE));
          socket.close(FERMETURE_SESSION_REVOQUEE, 'session revoquee');
        };
        if (sujet.desactive) {
          revoquer();
          return;
        }
        socket.on('message', (data: Buffer) => {
          if (data.toString() === 'ping') socket.send('pong');
        });
        const revoquerSiDesactive = async () => {
          const etat = await etatCompte(sujet.sub, sujet.sid).catch(() => 'actif' as const);
          if (etat === 'desactive') revoquer();
        };
        const desabonner = indices.abonner((indice) => {
          const tables = indice.tables.filter((t) => t !== 'utilisateur');
          if (tables.length < indice.tables.length) void revoquerSiDesactive();
          if (tables.length > 0 && socket.readyState === socket.OPEN) {
            socket.send(JSON.stringify({ ...indice, tables }));
          }
        });
        socket.on('close', desabonner);
      },
      {
        // Before the query's validation: a malformed token is refused like a wrong one (401).
        preValidation: async (request) => {
          const jeton = wsQuerySchema.safeParse(request.query).data?.access_token ?? '';
          const claims = await auth.verifyAccessToken(jeton);
          const etat = await etatCompte(claims.sub, claims.sid);
          if (etat === 'session-fermee') throw unauthorized();
          sujets.set(request, {
            sub: claims.sub,
            sid: claims.sid,
            desactive: etat === 'desactive',
          });
        },
      },
    );
  };
}
