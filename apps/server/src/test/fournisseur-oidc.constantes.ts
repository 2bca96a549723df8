/**
 * The test provider's registration of Estive (fournisseur-oidc.test-helpers.ts), without the
 * provider itself: the e2e configuration reads them in every worker, which must not load it.
 */
export const CLIENT_ID = 'estive';
/** The same application registered with plain JSON userinfo (a generic provider). */
export const CLIENT_ID_JSON = 'estive-json';
export const CLIENT_SECRET = 'secret-du-fournisseur-de-test-0123456789';
/** ProConnect's scopes (docs/operations.md). */
export const SCOPES = 'openid email given_name usual_name siret';
