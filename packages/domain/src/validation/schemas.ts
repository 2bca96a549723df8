import { z } from 'zod';
import { MESSAGES_VALIDATION as M } from '../messages';
import {
  codePostal,
  dateControle,
  dateSaisie,
  email,
  heureControle,
  pourcentage,
  type Resultat,
  siret,
  TAILLE_MAX_FICHIER,
  telephone,
  valeurExploitation,
} from './validateurs';

/**
 * zod 4 schemas carrying the validators' messages, for react-hook-form (zodResolver) and the
 * server alike: one rule, one wording. Optional fields accept '', null and undefined, as forms
 * and JSON bodies send them.
 */
const selon =
  (valider: (v: string | null | undefined) => Resultat) =>
  (v: string | null | undefined, ctx: z.RefinementCtx) => {
    const message = valider(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

const texteOptionnel = (valider: (v: string | null | undefined) => Resultat) =>
  z.string().nullish().superRefine(selon(valider));

/** A file as seen by both the browser (File) and the server (multipart part): its size. */
const fichier = z.object({ size: z.number() });

export const schemasValidation = {
  obligatoire: z.string({ error: M.obligatoire }).trim().min(1, M.obligatoire),
  listeObligatoire: <T extends z.ZodType>(element: T) =>
    z.array(element, { error: M.obligatoire }).min(1, M.obligatoire),
  pourcentage: z
    .union([z.number(), z.string()])
    .nullish()
    .superRefine((v, ctx) => {
      const message = pourcentage(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  email: texteOptionnel(email),
  telephone: texteOptionnel(telephone),
  codePostal: texteOptionnel(codePostal),
  siret: z.string({ error: M.siret }).superRefine(selon(siret)),
  fichier: fichier.refine((f) => f.size < TAILLE_MAX_FICHIER, M.fichierTropGros),
  fichiers: z
    .array(fichier)
    .refine((fs) => fs.every((f) => f.size < TAILLE_MAX_FICHIER), M.unDesFichiersTropGros),
  dateControle: z.string({ error: M.obligatoire }).superRefine(selon(dateControle)),
  heure: z.string({ error: M.obligatoire }).superRefine(selon(heureControle)),
  dateSaisie: texteOptionnel(dateSaisie),
  valeurExploitation: texteOptionnel(valeurExploitation),
};
