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

/** Is the account still allowed in? (actif, read fresh on every call). */
/** The account is active and the token's session (`sid`) not revoked (logout). */
export type CompteActif = (uuid: string, sid: string | undefined) => Promise<boolean>;

/**
 * The connectivity socket: browsers cannot set headers on a WebSocket, so the access token comes
 * as a query parameter. It answers pings, and passes on the sync hints every node hears from
 * PostgreSQL (`{"type":"indice","tables":[…]}`: these tables changed, a sync would bring news).
 * A deactivation notifies 'utilisateur' on the same channel (issue 16 §4, no feed carries it): each
 * socket then reads whether its own account is still active and, if not, says
 * `{"type":"session-revoquee"}` and closes, so the page signs out at once rather than at its next
 * call. The account is read once per socket and deactivation — no poll.
 */
export function wsRoutes(auth: AuthService, indices: IndicesService, compteActif: CompteActif) {
  // The account of each socket, read from its token once it is verified.
  const sujets = new WeakMap<object, { sub: string; sid: string | undefined }>();
  return async function register(app: FastifyInstance) {
    routeSocket(
      app,
      'GET /api/ws',
      (socket, request) => {
        const { sub, sid } = sujets.get(request) ?? { sub: '', sid: undefined };
        socket.on('message', (data: Buffer) => {
          if (data.toString() === 'ping') socket.send('pong');
        });
        const revoquerSiDesactive = async () => {
          if (await compteActif(sub, sid).catch(() => true)) return;
          if (socket.readyState !== socket.OPEN) return;
          socket.send(JSON.stringify(SESSION_REVOQUEE));
          socket.close(FERMETURE_SESSION_REVOQUEE, 'session revoquee');
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
          if (!(await compteActif(claims.sub, claims.sid))) throw unauthorized();
          sujets.set(request, { sub: claims.sub, sid: claims.sid });
        },
      },
    );
  };
}
