import { z } from 'zod';
import { ROLES, TYPES_DROIT } from '@estive/domain';

export const loginRequestSchema = z.object({
  login: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Access token answer of login and refresh; the refresh token travels in an httpOnly cookie. */
export const tokenResponseSchema = z.object({
  accessToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const droitSchema = z.object({
  id: z.string(),
  type: z.enum(TYPES_DROIT),
  siret: z.string().nullable(),
  raisonSociale: z.string(),
  /** Id of the organisation (ODG) the right is held on. */
  odgId: z.string(),
  hasLogo: z.boolean(),
});
export type Droit = z.infer<typeof droitSchema>;

export const principalSchema = z.object({
  uuid: z.string(),
  login: z.string(),
  nom: z.string(),
  prenom: z.string(),
  mail: z.string(),
  telephone: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  droits: z.array(droitSchema),
  extranetEnabled: z.boolean(),
  /** The password was set by an administrator: it must be changed before anything else (absent
   * from a principal stored by an older app: false). */
  motDePasseTemporaire: z.boolean().default(false),
  parametrage: z.object({
    tdbControles: z.boolean(),
    tdbManquements: z.boolean(),
    tdbSuiviOperateurs: z.boolean(),
  }),
});
export type Principal = z.infer<typeof principalSchema>;

/** Values for the filters of the office screens (AOP-IGP and profiles of the perimeter). */
export const principalFiltersSchema = z.object({
  aopIgps: z.array(z.object({ id: z.string(), libelle: z.string() })),
  profils: z.array(z.object({ id: z.string(), libelle: z.string() })),
});
export type PrincipalFilters = z.infer<typeof principalFiltersSchema>;
