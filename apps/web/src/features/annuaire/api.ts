import { appeler } from '../../lib/api';

/** A form's text fields as the API takes them: empty text is sent as null (the schemas agree). */
export const sansVides = <T extends Record<string, string>>(v: T): Record<keyof T, string | null> =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.trim() === '' ? null : x])) as Record<
    keyof T,
    string | null
  >;

/** Downloads a file answer (an export) under the name the server gives it. */
export async function telecharger(chemin: string): Promise<void> {
  const reponse = await appeler(chemin);
  const nom =
    /filename="([^"]+)"/.exec(reponse.headers.get('content-disposition') ?? '')?.[1] ??
    'export.xlsx';
  const url = URL.createObjectURL(await reponse.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nom;
  a.click();
  URL.revokeObjectURL(url);
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
