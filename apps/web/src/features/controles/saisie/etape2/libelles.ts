import { LIBELLES_GRAVITE, LIBELLES_SEUIL, type Conformite, type Severite } from '@estive/domain';

/**
 * Choices of a grid entry, worded by the domain's labels. The severity column's title is the
 * domain's `libelleColonneGravite` ('Gravité', or 'Seuil' / 'Récidive' for a migrated label).
 */
export { libelleColonneGravite } from '@estive/domain';

const option = <T extends Severite>(value: T, libelles: Record<T, string>) => ({
  value,
  label: libelles[value],
});

export const OPTIONS_GRAVITE: { value: Severite; label: string }[] = (
  ['MINEUR', 'MAJEUR', 'GRAVE'] as const
).map((g) => option(g, LIBELLES_GRAVITE));

/** Migrated labels grade by threshold: MINEUR→SEUIL_1, MAJEUR→SEUIL_2, GRAVE→SEUIL_3. */
export const OPTIONS_SEUIL: { value: Severite; label: string }[] = (
  ['SEUIL_1', 'SEUIL_2', 'SEUIL_3'] as const
).map((s) => option(s, LIBELLES_SEUIL));

/** The buttons show the codes, in the order the controller decides: C, SO, NO, then NC. */
export const CONFORMITES_SAISIE: { value: Conformite; label: string }[] = (
  ['C', 'SO', 'NO', 'NC'] as const
).map((c) => ({ value: c, label: c }));
