import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oidcConfigResponseSchema, type CodeRefusOidc } from '@estive/contracts';
import type { Config } from '../../../config';
import { setRefreshCookie } from '../auth.routes';
import { ConnexionAnnulee, FournisseurInjoignable, type OidcClient } from './oidc.client';
import type { OidcService } from './oidc.service';

/** The sealed state, nonce and PKCE verifier between the redirect and the callback. */
const COOKIE_TRANSACTION = 'estive_oidc';
const COOKIE_PATH = '/api/auth/oidc';

const redirection = z.null().describe('Redirection (302, en-tête Location)');

const callbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

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
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/auth/oidc/config',
      {
        schema: {
          tags: ['auth'],
          description: "Whether the sign-in page shows the identity provider's button.",
          response: { 200: oidcConfigResponseSchema },
        },
      },
      () => ({ actif: client !== undefined, libelle: config.oidc?.libelle ?? null }),
    );

    r.get(
      '/api/auth/oidc/connexion',
      {
        schema: {
          tags: ['auth'],
          description:
            "Sends the browser to the provider's authorization endpoint (code flow, PKCE S256, " +
            'state, nonce).',
          response: { 302: redirection },
        },
      },
      async (request, reply) => {
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
      },
    );

    r.get(
      '/api/auth/oidc/callback',
      {
        schema: {
          tags: ['auth'],
          description:
            "The provider's redirect URI: on success the same session as a password sign-in " +
            '(refresh cookie) and a redirect to `/`; else to `/login?oidc=<code>` (MESSAGES_OIDC).',
          querystring: callbackQuerySchema,
          response: { 302: redirection },
        },
      },
      async (request, reply) => {
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
      },
    );
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
