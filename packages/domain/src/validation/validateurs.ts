import { z } from 'zod';
import { MESSAGES_VALIDATION as M } from '../messages';
import { jourSemaineParis, lireDateSaisie } from './dates';

/** Validators answer the spec's message, or null when the value is valid. */
export type Resultat = string | null;

export const TAILLE_MAX_FICHIER = 5_000_000;

const vide = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

export const obligatoire = (v: unknown): Resultat => (vide(v) ? M.obligatoire : null);

export function pourcentage(v: number | string | null | undefined): Resultat {
  if (vide(v)) return null;
  const n = typeof v === 'number' ? v : lireDecimal(String(v));
  return n === null || n < 0 || n > 100 ? M.pourcentage : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email = (v: string | null | undefined): Resultat =>
  vide(v) || EMAIL.test(v!.trim()) ? null : M.email;

/** 0 or + and two digits, then 9 digits; spaces and dots as typed are ignored. */
export const normaliserTelephone = (v: string) => v.replace(/[\s.]/g, '');
const TELEPHONE = /^(0|\+\d{2})\d{9}$/;
export const telephone = (v: string | null | undefined): Resultat =>
  vide(v) || TELEPHONE.test(normaliserTelephone(v!)) ? null : M.telephone;

export const codePostal = (v: string | null | undefined): Resultat =>
  vide(v) || /^\d{5}$/.test(v!.trim()) ? null : M.codePostal;

export const siret = (v: string | null | undefined): Resultat =>
  /^\d{14}$/.test((v ?? '').replace(/\s/g, '')) ? null : M.siret;

export const tailleFichier = (octets: number): Resultat =>
  octets < TAILLE_MAX_FICHIER ? null : M.fichierTropGros;
export const taillesFichiers = (tailles: readonly number[]): Resultat =>
  tailles.every((t) => t < TAILLE_MAX_FICHIER) ? null : M.unDesFichiersTropGros;

/** Control date: required, never a Sunday in Europe/Paris. */
export function dateControle(v: Date | string | null | undefined): Resultat {
  if (vide(v)) return M.obligatoire;
  return jourSemaineParis(v!) === 0 ? M.dimanche : null;
}

/** Control time: required, HH:mm, minutes in steps of 5. */
export function heureControle(v: string | null | undefined): Resultat {
  if (vide(v)) return M.obligatoire;
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(v!.trim());
  if (!m) return M.heureInvalide;
  return Number(m[2]) % 5 === 0 ? null : M.minutesParCinq;
}

export const dateSaisie = (v: string | null | undefined): Resultat =>
  vide(v) || lireDateSaisie(v!) ? null : M.dateInvalide;

/** A decimal as typed in French: '1,45' and '1.45' alike; null when not a number. */
export function lireDecimal(texte: string): number | null {
  const t = texte.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return Number(t);
}

/** Exploitation input: an integer, a decimal with point or comma, or a real date. */
export const valeurExploitation = (v: string | null | undefined): Resultat =>
  vide(v) || lireDecimal(v!) !== null || lireDateSaisie(v!) ? null : M.valeurExploitation;

/** zod refinements carrying the same messages, for react-hook-form and the server alike. */
const avec = (valider: (v: string) => Resultat) => (v: string, ctx: z.RefinementCtx) => {
  const message = valider(v);
  if (message) ctx.addIssue({ code: 'custom', message });
};
export const schemasValidation = {
  obligatoire: z.string().trim().min(1, M.obligatoire),
  email: z.string().superRefine(avec(email)),
  telephone: z.string().superRefine(avec(telephone)),
  codePostal: z.string().superRefine(avec(codePostal)),
  siret: z.string().superRefine(avec(siret)),
  heure: z.string().superRefine(avec(heureControle)),
  dateControle: z.string().superRefine(avec(dateControle)),
  dateSaisie: z.string().superRefine(avec(dateSaisie)),
  listeObligatoire: <T extends z.ZodType>(item: T) => z.array(item).min(1, M.obligatoire),
};
