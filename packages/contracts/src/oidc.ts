import { z } from 'zod';

/** `GET /api/auth/oidc/config`: whether the sign-in page shows the provider's button, and its name. */
export const oidcConfigResponseSchema = z.object({
  actif: z.boolean(),
  libelle: z.string().nullable(),
});
export type OidcConfigResponse = z.infer<typeof oidcConfigResponseSchema>;

/** `GET /api/auth/oidc/callback`: what the provider sends back (code flow, or its refusal). */
export const oidcCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

/** `POST /api/auth/logout` of a session the provider opened: where the browser ends it there too. */
export const logoutResponseSchema = z.object({
  finSessionFournisseur: z.url(),
});
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** `GET|PUT /api/parametrage/connexion` (CNAOL): how office staff sign in. */
export const parametreConnexionSchema = z.object({
  /** Office roles (CNAOL, animateur) must sign in through the provider: their password is refused. */
  federationObligatoireBureau: z.boolean(),
});
export type ParametreConnexion = z.infer<typeof parametreConnexionSchema>;

export * from './oidc-messages';
