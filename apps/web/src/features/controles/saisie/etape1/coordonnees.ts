import { z } from 'zod';
import type { Coordonnees, OperateurSaisi } from '../types';

/**
 * Contact details of step 1 (spec part 2 §5 'Control entry': telephone1 and telephone2 valid
 * phones, mail a valid e-mail; all optional). Phone: 0 or + and two digits, then 9 digits; the
 * dots of the displayed form are accepted.
 */
const TELEPHONE = /^(0|\+\d{2})\d{9}$/;
const sansSeparateurs = (v: string) => v.replace(/[\s.]/g, '');

const telephone = z
  .string()
  .refine((v) => v === '' || TELEPHONE.test(sansSeparateurs(v)), {
    message: 'Utilisez un numéro de téléphone valide',
  });

export const schemaCoordonnees = z.object({
  telephone1: telephone,
  telephone2: telephone,
  mail: z.union([z.literal(''), z.email({ message: 'Utilisez un email valide' })]),
  siteWeb: z.string(),
});

export const coordonneesDe = (o: OperateurSaisi): Coordonnees => ({
  telephone1: o.telephone1 ?? '',
  telephone2: o.telephone2 ?? '',
  mail: o.mail ?? '',
  siteWeb: o.siteWeb ?? '',
});

/** The operator patch: phones stored without separators, blanks as null. */
export const patchCoordonnees = (c: Coordonnees): Record<keyof Coordonnees, string | null> => ({
  telephone1: sansSeparateurs(c.telephone1) || null,
  telephone2: sansSeparateurs(c.telephone2) || null,
  mail: c.mail.trim() || null,
  siteWeb: c.siteWeb.trim() || null,
});
