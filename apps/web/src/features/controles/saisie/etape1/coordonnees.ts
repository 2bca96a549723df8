import { z } from 'zod';
import {
  email,
  normaliserTelephone as sansSeparateurs,
  refusTexteRapport,
  telephone,
  type Resultat,
} from '@estive/domain';
import type { Coordonnees, OperateurSaisi } from '../types';

/** A form field (always a string, '' when blank) checked by a domain validator and its message. */
const champ = (valider: (v: string) => Resultat) =>
  z.string().superRefine((v, ctx) => {
    const message = valider(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * Contact details of step 1 (spec part 2 §5 'Control entry': telephone1 and telephone2 valid
 * phones, mail a valid e-mail; all optional), with the domain's rules so the server agrees.
 */
export const schemaCoordonnees = z.object({
  telephone1: champ(telephone),
  telephone2: champ(telephone),
  // Printed in the report: a character it cannot print is refused at the field (issue 27).
  mail: champ((v) => email(v) ?? refusTexteRapport(v)),
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
