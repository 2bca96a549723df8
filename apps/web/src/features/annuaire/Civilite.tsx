import { Select } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export const OPTIONS_CIVILITE = [
  { value: 'MADAME', label: 'Madame' },
  { value: 'MONSIEUR', label: 'Monsieur' },
];

/** The 'Civilité' select of a person's form, on its text field `name`; empty text is no civility. */
export function ChampCivilite<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label="Civilité"
          clearable
          data={OPTIONS_CIVILITE}
          value={typeof field.value === 'string' && field.value ? field.value : null}
          onChange={(x) => field.onChange(x ?? '')}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
