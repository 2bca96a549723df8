import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CodeRefusOidc } from '@estive/contracts';
import type { Config } from '../../../config';
import { routeur } from '../../../lib/route';
import { setRefreshCookie } from '../auth.routes';
import { ConnexionAnnulee, FournisseurInjoignable, type OidcClient } from './oidc.client';
import type { OidcService } from './oidc.service';

/** The sealed state, nonce and PKCE verifier between the redirect and the callback. */
const COOKIE_TRANSACTION = 'estive_oidc';
const COOKIE_PATH = '/api/auth/oidc';

/**
 * Federated sign-in, always registered (the OpenAPI document lists it): without OIDC_ISSUER the
 * config says inactive and the other two send the browser back to the sign-in page.
 */
export function oidcRoutes(client: OidcClient | undefined, service: OidcService, config: Config) {
  const cookieTransaction = {
    httpOnly: true,
    // Lax, not Strict: the provider sends the browser back by a cross-site top-level GET, which
    // must carry it. Strict keeps protecting the refresh cookie.
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
    path: COOKIE_PATH,
  };
  const versConnexion = (reply: FastifyReply, code: CodeRefusOidc) =>
    reply.redirect(`/login?oidc=${code}`, 302);

  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['auth']);

    route('GET /api/auth/oidc/config', () => ({
      actif: client !== undefined,
      libelle: config.oidc?.libelle ?? null,
    }));

    route('GET /api/auth/oidc/connexion', async (request, reply) => {
      if (!client) return versConnexion(reply, 'indisponible');
      let debut;
      try {
        debut = await client.debuter();
      } catch (e) {
        request.log.warn({ err: e }, 'fournisseur OIDC injoignable');
        return versConnexion(reply, 'indisponible');
      }
      reply.setCookie(COOKIE_TRANSACTION, debut.transaction, {
        ...cookieTransaction,
        maxAge: client.dureeTransactionS,
      });
      return reply.redirect(debut.url, 302);
    });

    route('GET /api/auth/oidc/callback', async (request, reply) => {
      if (!client) return versConnexion(reply, 'indisponible');
      const scellee = request.cookies[COOKIE_TRANSACTION];
      // Used once: a second callback in this browser has no transaction to match.
      reply.clearCookie(COOKIE_TRANSACTION, cookieTransaction);
      const brute = new URL(request.url, 'http://estive.invalid').searchParams;
      let resultat;
      try {
        resultat = await service.connecter(await client.terminer(brute, scellee));
      } catch (e) {
        const code = codeDErreur(e);
        request.log.warn({ err: e, code }, 'connexion fédérée en échec');
        return versConnexion(reply, code);
      }
      if ('refus' in resultat) return versConnexion(reply, resultat.refus);
      setRefreshCookie(reply, resultat.session.refresh, config.cookieSecure);
      // The app starts by exchanging the refresh cookie for its access token (session.ts).
      return reply.redirect('/', 302);
    });
  };
}

function codeDErreur(e: unknown): CodeRefusOidc {
  if (e instanceof ConnexionAnnulee) return 'annulee';
  if (e instanceof FournisseurInjoignable) return 'indisponible';
  // fetch's own failure (refused connection, DNS, timeout): the provider, not the answer.
  if (e instanceof TypeError && e.message === 'fetch failed') return 'indisponible';
  if (e instanceof Error && e.name === 'TimeoutError') return 'indisponible';
  return 'echec';
}
