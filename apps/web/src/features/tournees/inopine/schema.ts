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

type ChampFormulaire =
  | 'date'
  | `appellations.${number}.${'siteIds' | 'activiteAopIgpIds' | 'fichierIds'}`
  | 'appellations';

/**
 * The server names fields as the spec does (`controles[i].siteId`, `date[{operatorId}]`, seen here
 * with dots once the toast helper has read the brackets); the form names them its own way.
 */
export function champFormulaire(chemin: string): ChampFormulaire {
  if (/^date\b/.test(chemin)) return 'date';
  const m = /^controles\.(\d+)\.(\w+)$/.exec(chemin);
  const champs: Record<string, 'siteIds' | 'activiteAopIgpIds' | 'fichierIds'> = {
    siteId: 'siteIds',
    activiteAopIgpIds: 'activiteAopIgpIds',
    documents: 'fichierIds',
  };
  const [, rang, nom] = m ?? [];
  const champ = nom === undefined ? undefined : champs[nom];
  return champ ? `appellations.${Number(rang)}.${champ}` : 'appellations';
}
