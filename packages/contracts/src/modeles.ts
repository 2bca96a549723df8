import { z } from 'zod';
import { TYPES_MODELE } from '@estive/domain';
import { idSchema } from './texte';

/** Document templates (issue 16 §3): `/api/modele-document`. */

/** Which template: the ODG is the active right's, so no id travels (none of another ODG reachable). */
export const typeModeleSchema = z.object({ type: z.enum(TYPES_MODELE) });

export const modeleEcritureSchema = z.object({
  type: z.enum(TYPES_MODELE),
  objet: z.string().trim().max(300, 'Veuillez saisir au plus 300 caractères'),
  corps: z.string().max(20_000, 'Veuillez saisir au plus 20000 caractères'),
});
export type ModeleEcriture = z.infer<typeof modeleEcritureSchema>;

export const modeleDocumentSchema = z.object({
  type: z.enum(TYPES_MODELE),
  libelle: z.string(),
  objet: z.string(),
  corps: z.string(),
  /** False: the built-in text (the ODG has not written its own). */
  personnalise: z.boolean(),
  champs: z.array(z.object({ cle: z.string(), libelle: z.string() })),
  modifieLe: z.string().nullable(),
});
export type ModeleDocument = z.infer<typeof modeleDocumentSchema>;

/** The ODG's category × activity matrix (`/api/categorie-activite/matrice`, issue 16 §2). */
export const lienMatriceSchema = z.object({ categorieId: idSchema, activiteId: idSchema });
export const matriceSchema = z.object({
  categories: z.array(z.object({ id: z.string(), libelle: z.string() })),
  activites: z.array(z.object({ id: z.string(), libelle: z.string() })),
  liens: z.array(lienMatriceSchema),
});
export type Matrice = z.infer<typeof matriceSchema>;
export const matriceEcritureSchema = z.object({ liens: z.array(lienMatriceSchema).max(5000) });
export type MatriceEcriture = z.infer<typeof matriceEcritureSchema>;
