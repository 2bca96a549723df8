import type { FastifyInstance, FastifyReply } from 'fastify';
import { REFRESH_COOKIE } from '@estive/contracts';
import type { Config } from '../../config';
import { routeur } from '../../lib/route';
import type { AuthService } from './auth.service';

const COOKIE_PATH = '/api/auth';

/** The session's refresh cookie, whichever sign-in opened it (password or provider). */
export const setRefreshCookie = (
  reply: FastifyReply,
  refresh: { token: string; expiresAt: Date },
  secure: boolean,
) =>
  reply.setCookie(REFRESH_COOKIE, refresh.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: COOKIE_PATH,
    expires: refresh.expiresAt,
    // Max-Age wins over Expires where both are understood, and does not depend on the clock.
    maxAge: Math.max(0, Math.floor((refresh.expiresAt.getTime() - Date.now()) / 1000)),
  });

/** Given the ended session's family: the provider's end-session URL if the provider opened it. */
export type ApresDeconnexion = (family: string | undefined) => Promise<string | undefined>;

export function authRoutes(
  service: AuthService,
  config: Config,
  apresDeconnexion: ApresDeconnexion = () => Promise.resolve(undefined),
) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['auth']);

    route('POST /api/auth/login', async (request, reply) => {
      const { refresh, ...tokens } = await service.login(
        request.body.login,
        request.body.password,
        request.ip,
        request.cookies[REFRESH_COOKIE],
      );
      setRefreshCookie(reply, refresh, config.cookieSecure);
      return tokens;
    });

    route('POST /api/auth/refresh', async (request, reply) => {
      const { refresh, ...tokens } = await service.refresh(request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, refresh, config.cookieSecure);
      return tokens;
    });

    route('POST /api/auth/logout', async (request, reply) => {
      const family = await service.logout(request.cookies[REFRESH_COOKIE]);
      const finSessionFournisseur = await apresDeconnexion(family);
      // The same attributes as the cookie it ends: SameSite=Strict, Secure, httpOnly.
      reply.clearCookie(REFRESH_COOKIE, {
        httpOnly: true,
        sameSite: 'strict',
        secure: config.cookieSecure,
        path: COOKIE_PATH,
      });
      if (finSessionFournisseur) return { finSessionFournisseur };
      return reply.status(204).send(null);
    });
  };
}
