/** A form's text fields as the API takes them: empty text is sent as null (the schemas agree). */
export const sansVides = <T extends Record<string, string>>(v: T): Record<keyof T, string | null> =>
  // Object.fromEntries answers Record<string, …>: the compiler cannot know the keys are T's own.
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.trim() === '' ? null : x])) as Record<
    keyof T,
    string | null
  >;

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
