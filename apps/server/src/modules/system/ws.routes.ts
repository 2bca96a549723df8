import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthService } from '../auth/auth.service';
import type { IndicesService } from '../synchro/indices.service';

/**
 * The connectivity socket: browsers cannot set headers on a WebSocket, so the access token comes
 * as a query parameter. It answers pings, and passes on the sync hints every node hears from
 * PostgreSQL (`{"type":"indice","tables":[…]}`: these tables changed, a sync would bring news).
 */
export function wsRoutes(auth: AuthService, indices: IndicesService) {
  return async function register(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/ws',
      {
        websocket: true,
        schema: { hide: true, querystring: z.object({ access_token: z.string().optional() }) },
        preValidation: async (request) => {
          await auth.verifyAccessToken(request.query.access_token ?? '');
        },
      },
      (socket) => {
        socket.on('message', (data: Buffer) => {
          if (data.toString() === 'ping') socket.send('pong');
        });
        const desabonner = indices.abonner((indice) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(indice));
        });
        socket.on('close', desabonner);
      },
    );
  };
}
