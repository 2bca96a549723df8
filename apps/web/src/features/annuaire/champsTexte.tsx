import { TextInput } from '@mantine/core';
import type { Path, UseFormReturn } from 'react-hook-form';

/**
 * The text fields of a form whose values are all text: `champ('nom', 'Nom', true)` is the field,
 * required or not, with its error under it.
 */
export function champsTexte<T extends Record<string, string>>({
  register,
  getFieldState,
  formState,
}: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>) {
  return (k: Path<T>, label: string, requis = false) => (
    <TextInput
      label={label}
      withAsterisk={requis}
      {...register(k)}
      error={getFieldState(k, formState).error?.message}
    />
  );
}
