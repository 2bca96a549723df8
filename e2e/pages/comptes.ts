import type { Role } from '@estive/domain';

/** The demo accounts the server seeds on an empty database (README). */
export const MOT_DE_PASSE = 'estive';

export const COMPTES = {
  cnaol: { login: 'cnaol@estive.test', role: 'ROLE_CNAOL' },
  animateur: { login: 'animateur@estive.test', role: 'ROLE_ANIMATEUR' },
  controleur: { login: 'controleur@estive.test', role: 'ROLE_CONTROLEUR' },
} as const satisfies Record<string, { login: string; role: Role }>;

export type Compte = keyof typeof COMPTES;
