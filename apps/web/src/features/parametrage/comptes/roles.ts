import type { Role } from '@estive/domain';

export const LIBELLES_ROLE: Record<Role, string> = {
  ROLE_CNAOL: 'CNAOL',
  ROLE_ANIMATEUR: 'Animateur',
  ROLE_CONTROLEUR: 'Contrôleur',
};
