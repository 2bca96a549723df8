import { lireDateSaisie } from '@estive/domain';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const deux = (n: number) => String(n).padStart(2, '0');

/**
 * A typed day: 'jj/mm/aaaa' (or 'jj-mm-aaaa'), or 'aaaa-mm-jj' as pasted from a file; a date
 * that does not exist (31/02) is null.
 */
export function lireJour(texte: string): string | null {
  const iso = ISO.exec(texte.trim());
  const d = iso
    ? lireDateSaisie(`${iso[3] ?? ''}/${iso[2] ?? ''}/${iso[1] ?? ''}`)
    : lireDateSaisie(texte);
  return d ? `${String(d.annee)}-${deux(d.mois)}-${deux(d.jour)}` : null;
}

/** 'YYYY-MM-DD' as the office reads it, dd/mm/yyyy. */
export const afficherJour = (jour: string | null | undefined): string =>
  jour ? jour.split('-').reverse().join('/') : '';
