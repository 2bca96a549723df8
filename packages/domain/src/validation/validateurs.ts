import { estDimancheParis, jourParis, lireDateSaisie, type Jour } from '../dates';
import { MESSAGES_VALIDATION as M } from '../messages';

/**
 * Validators of spec part 2 §5: each answers the spec's message, or null when the value is
 * valid, so forms and server share one wording. Optional fields accept an empty value.
 */
export type Resultat = string | null;

/** Files above this are refused, by the browser before upload and by the server (HTTP 413). */
export const TAILLE_MAX_FICHIER = 5_000_000;

/** Empty as a form sees it: nothing, blanks only, or an empty list. */
export const estVide = (v: unknown): v is null | undefined | '' | readonly never[] =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/** Required value, or required non-empty list. */
export const obligatoire = (v: unknown): Resultat => (estVide(v) ? M.obligatoire : null);

/** A decimal as typed in French: '1,45' and '1.45' alike; null when it is not a number. */
export function lireDecimal(texte: string): number | null {
  const t = texte.trim().replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : null;
}

export function pourcentage(v: number | string | null | undefined): Resultat {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const n = typeof v === 'number' ? v : lireDecimal(v);
  return n === null || Number.isNaN(n) || n < 0 || n > 100 ? M.pourcentage : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email = (v: string | null | undefined): Resultat =>
  !v || v.trim() === '' || EMAIL.test(v.trim()) ? null : M.email;

/** Phones are typed with spaces or dots ('04 50 12 34 56'): they are ignored when checking. */
export const normaliserTelephone = (v: string): string => v.replace(/[\s.]/g, '');
/** 0 or + and two digits (country code), then 9 digits. */
const TELEPHONE = /^(0|\+\d{2})\d{9}$/;
export const telephone = (v: string | null | undefined): Resultat =>
  !v || v.trim() === '' || TELEPHONE.test(normaliserTelephone(v)) ? null : M.telephone;

export const codePostal = (v: string | null | undefined): Resultat =>
  !v || v.trim() === '' || /^\d{5}$/.test(v.trim()) ? null : M.codePostal;

/** Exactly 14 digits; the display spaces (3-3-3-5) are tolerated. Required: a SIRET names a body. */
export const siret = (v: string | null | undefined): Resultat =>
  /^\d{14}$/.test((v ?? '').replace(/\s/g, '')) ? null : M.siret;

export const tailleFichier = (octets: number): Resultat =>
  octets < TAILLE_MAX_FICHIER ? null : M.fichierTropGros;
export const taillesFichiers = (tailles: readonly number[]): Resultat =>
  tailles.every((t) => t < TAILLE_MAX_FICHIER) ? null : M.unDesFichiersTropGros;

/** Control date: required, never a Sunday as seen in Europe/Paris. */
export function dateControle(v: Date | string | null | undefined): Resultat {
  if (v === null || v === undefined || v === '') return M.obligatoire;
  if (Number.isNaN(new Date(v).getTime())) return M.dateInvalide;
  return estDimancheParis(v) ? M.dimanche : null;
}

/** The first instant a deposited control may bear (01/01/2000 in Paris): older are typing slips. */
const DEBUT_2000 = Date.parse('2000-01-01T00:00:00+01:00');

/**
 * A control deposited after the fact (external deposit): a control date, done already — not
 * after `aujourdhui` (Paris) nor before 2000.
 */
export function dateControleDepose(
  v: Date | string | null | undefined,
  aujourdhui: Jour,
): Resultat {
  const message = dateControle(v);
  if (message || v === null || v === undefined) return message;
  // By instant first: a year under 1000 would not compare as text ('202-03-01' > '2000-01-01').
  if (new Date(v).getTime() < DEBUT_2000) return M.dateAvant2000;
  return jourParis(v) > aujourdhui ? M.dateFuture : null;
}

const HEURE = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Control time: required, HH:mm, minutes in steps of 5. */
export function heureControle(v: string | null | undefined): Resultat {
  if (!v || v.trim() === '') return M.obligatoire;
  const m = HEURE.exec(v.trim());
  if (!m) return M.heureInvalide;
  return Number(m[2]) % 5 === 0 ? null : M.minutesParCinq;
}

/** Optional typed date, dd/mm/yyyy or dd-mm-yyyy, that must exist in the calendar. */
export const dateSaisie = (v: string | null | undefined): Resultat =>
  !v || v.trim() === '' || lireDateSaisie(v) ? null : M.dateInvalide;

/** Exploitation input: an integer, a decimal with point or comma, or a real date. */
export const valeurExploitation = (v: string | null | undefined): Resultat =>
  !v || v.trim() === '' || lireDecimal(v) !== null || lireDateSaisie(v)
    ? null
    : M.valeurExploitation;
