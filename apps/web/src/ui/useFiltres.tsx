import { useState, type ReactNode } from 'react';
import { MultiSelect, Select, TextInput } from '@mantine/core';

type Valeurs = Record<string, string | string[]>;

/** The initial value of a multiple choice: nothing chosen (typed, where `[]` would be never[]). */
export const aucunChoix = (): string[] => [];

/** A multiple choice's value (its key holds a string[]: ClesDe, which F[cle] cannot show). */
const choisis = (valeur: string | string[] | undefined): string[] =>
  Array.isArray(valeur) ? valeur : [];
/** The keys of F whose value is a V. */
type ClesDe<F, V> = { [K in keyof F]: F[K] extends V ? K : never }[keyof F];

/**
 * The filters of an office search (spec part 1 §9): their values, to hand to
 * `useRequetePaginee`, and the fields that edit them: a text field, a single or a multiple choice.
 */
export function useFiltres<F extends Valeurs>(initial: F) {
  const [filtres, setFiltres] = useState(initial);
  const modifier = (cle: keyof F, valeur: string | string[]) =>
    setFiltres((f) => ({ ...f, [cle]: valeur }));
  const texte = (cle: ClesDe<F, string>, label: string): ReactNode => (
    <TextInput
      label={label}
      value={String(filtres[cle])}
      onChange={(e) => modifier(cle, e.currentTarget.value)}
    />
  );
  const choix = (
    cle: ClesDe<F, string[]>,
    label: string,
    data: { value: string; label: string }[],
  ): ReactNode => (
    <MultiSelect
      label={label}
      data={data}
      value={choisis(filtres[cle])}
      onChange={(v) => modifier(cle, v)}
      clearable
      searchable
      hidePickedOptions
    />
  );
  /** One value or none (cleared: ''), `placeholder` saying what none means. */
  const choixUnique = (
    cle: ClesDe<F, string>,
    label: string,
    data: { value: string; label: string }[],
    placeholder?: string,
  ): ReactNode => (
    <Select
      label={label}
      clearable
      placeholder={placeholder}
      data={data}
      value={String(filtres[cle]) || null}
      onChange={(v) => modifier(cle, v ?? '')}
    />
  );
  return { filtres, modifier, texte, choix, choixUnique };
}
