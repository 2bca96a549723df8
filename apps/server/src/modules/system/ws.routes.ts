import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthService } from '../auth/auth.service';

/**
 * The connectivity socket: browsers cannot set headers on a WebSocket, so the access token comes
 * as a query parameter. It answers pings; later it carries change hints.
 */
export function wsRoutes(auth: AuthService) {
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
      },
    );
  };
}
