/** A form's text fields as the API takes them: empty text is sent as null (the schemas agree). */
export function sansVides<K extends string>(v: Record<K, string>): Record<K, string | null> {
  const sortie: Record<K, string | null> = { ...v };
  for (const k in sortie) if (v[k].trim() === '') sortie[k] = null;
  return sortie;
}

export const dateFr = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date(iso)) : '';

const ROLES: Record<string, string> = {
  ROLE_CNAOL: 'CNAOL',
  ROLE_ANIMATEUR: 'Animateur',
  ROLE_CONTROLEUR: 'Contrôleur',
};

/** The roles as the server lists them ('ROLE_A, ROLE_B'), in French. */
export const rolesFr = (roles: string) =>
  roles
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => ROLES[r] ?? r)
    .join(', ');
