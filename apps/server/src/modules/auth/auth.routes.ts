import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  loginRequestSchema,
  REFRESH_COOKIE,
  tokenResponseSchema,
} from '@estive/contracts';
import type { Config } from '../../config';
import type { AuthService } from './auth.service';

const COOKIE_PATH = '/api/auth';

export function authRoutes(service: AuthService, config: Config) {
  const setRefreshCookie = (reply: FastifyReply, refresh: { token: string; expiresAt: Date }) =>
    reply.setCookie(REFRESH_COOKIE, refresh.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.cookieSecure,
      path: COOKIE_PATH,
      expires: refresh.expiresAt,
      // Max-Age wins over Expires where both are understood, and does not depend on the clock.
      maxAge: Math.max(0, Math.floor((refresh.expiresAt.getTime() - Date.now()) / 1000)),
    });

  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/auth/login',
      {
        schema: {
          tags: ['auth'],
          body: loginRequestSchema,
          response: {
            200: tokenResponseSchema,
            401: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { refresh, ...tokens } = await service.login(
          request.body.login,
          request.body.password,
          request.ip,
          request.cookies[REFRESH_COOKIE],
        );
        setRefreshCookie(reply, refresh);
        return tokens;
      },
    );

    r.post(
      '/api/auth/refresh',
      {
        schema: {
          tags: ['auth'],
          response: { 200: tokenResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { refresh, ...tokens } = await service.refresh(request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, refresh);
        return tokens;
      },
    );

    r.post(
      '/api/auth/logout',
      { schema: { tags: ['auth'], response: { 204: z.null() } } },
      async (request, reply) => {
        await service.logout(request.cookies[REFRESH_COOKIE]);
        // The same attributes as the cookie it ends: SameSite=Strict, Secure, httpOnly.
        reply.clearCookie(REFRESH_COOKIE, {
          httpOnly: true,
          sameSite: 'strict',
          secure: config.cookieSecure,
          path: COOKIE_PATH,
        });
        return reply.status(204).send(null);
      },
    );
  };
}
