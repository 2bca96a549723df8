import { z } from 'zod';
import { schemasValidation } from '@estive/domain';

/**
 * The unannounced-inspection form (spec part 1 §5): date (never a Sunday in Paris) and time
 * (HH:mm, minutes by 5), at least one label, and per label sites and activities. The level is
 * fixed (INIT_CIBLE_INO) so it is no field; documents are optional.
 */
export const appellationSchema = z.object({
  aopIgpId: z.string(),
  siteIds: schemasValidation.listeObligatoire(z.string()),
  activiteAopIgpIds: schemasValidation.listeObligatoire(z.string()),
  fichierIds: z.array(z.string()),
});

export const inopineSchema = z.object({
  date: schemasValidation.dateControle,
  heure: schemasValidation.heure,
  appellations: schemasValidation.listeObligatoire(appellationSchema),
});

export type AppellationInopine = z.infer<typeof appellationSchema>;
export type ValeursInopine = z.infer<typeof inopineSchema>;
