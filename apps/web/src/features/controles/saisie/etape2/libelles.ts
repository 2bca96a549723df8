import type { Severite } from '@estive/domain';

/**
 * PROVISIONAL until `@estive/domain` labels.ts lands (libelleColonneGravite): the severity column
 * is 'Gravité', or for migrated labels the label's own wording ('Seuil' or 'Récidive').
 */
export const libelleColonneGravite = (migre: boolean | undefined, graviteColLabel?: string | null) =>
  migre ? graviteColLabel || 'Seuil' : 'Gravité';

export const OPTIONS_GRAVITE: { value: Severite; label: string }[] = [
  { value: 'MINEUR', label: 'Mineur' },
  { value: 'MAJEUR', label: 'Majeur' },
  { value: 'GRAVE', label: 'Grave' },
];

/** Migrated labels grade by threshold: MINEUR→SEUIL_1, MAJEUR→SEUIL_2, GRAVE→SEUIL_3. */
export const OPTIONS_SEUIL: { value: Severite; label: string }[] = [
  { value: 'SEUIL_1', label: 'Seuil 1' },
  { value: 'SEUIL_2', label: 'Seuil 2' },
  { value: 'SEUIL_3', label: 'Seuil 3' },
];

export const CONFORMITES_SAISIE = [
  { value: 'C', label: 'C' },
  { value: 'SO', label: 'SO' },
  { value: 'NO', label: 'NO' },
  { value: 'NC', label: 'NC' },
];
