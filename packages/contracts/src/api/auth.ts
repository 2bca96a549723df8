import { loginRequestSchema, tokenResponseSchema } from '../auth';
import { type Endpoint, redirection, rien } from '../endpoint';
import { logoutResponseSchema, oidcCallbackQuerySchema, oidcConfigResponseSchema } from '../oidc';

/** Signing in and out: password, refresh cookie, identity provider. */
export const apiAuth = {
  'POST /api/auth/login': {
    corps: loginRequestSchema,
    reponse: tokenResponseSchema,
    erreurs: [401, 403, 429],
  },
  'POST /api/auth/refresh': { reponse: tokenResponseSchema, erreurs: [401] },
  'POST /api/auth/logout': {
    description:
      'Ends the session. 200 when the identity provider opened it: the browser goes to ' +
      '`finSessionFournisseur` to end the provider session too (id_token_hint).',
    reponse: logoutResponseSchema,
    autresReponses: { 204: rien },
  },
  'GET /api/auth/oidc/config': {
    description: "Whether the sign-in page shows the identity provider's button.",
    reponse: oidcConfigResponseSchema,
  },
  'GET /api/auth/oidc/connexion': {
    description:
      "Sends the browser to the provider's authorization endpoint (code flow, PKCE S256, " +
      'state, nonce).',
    reponse: redirection,
  },
  'GET /api/auth/oidc/callback': {
    description:
      "The provider's redirect URI: on success the same session as a password sign-in " +
      '(refresh cookie) and a redirect to `/`; else to `/login?oidc=<code>` (MESSAGES_OIDC).',
    query: oidcCallbackQuerySchema,
    reponse: redirection,
  },
} as const satisfies Record<string, Endpoint>;
