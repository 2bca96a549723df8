import type { AopDemo } from './referentiel.data';
import { AOPS_AUTRES } from './aops-autres.data';
import { AOPS_JURA_ALPES } from './aops-jura-alpes.data';

/** A dozen dairy labels with real thresholds (aop-rules.md); points cite the decree's article. */
export const AOPS: AopDemo[] = [...AOPS_JURA_ALPES, ...AOPS_AUTRES];

/** Labels by area: operators of an area hold habilitations for these. */
export const AOPS_PAR_ZONE: Record<string, string[]> = {
  jura: ['Comté', 'Morbier'],
  savoie: ['Abondance', 'Reblochon', 'Tomme de Savoie', 'Beaufort'],
  auvergne: ['Saint-Nectaire', 'Cantal'],
  bourgogne: ['Époisses'],
  aveyron: ['Roquefort'],
  drome: ['Picodon'],
  normandie: ["Beurre d'Isigny"],
};
