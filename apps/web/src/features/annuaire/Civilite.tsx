import { Select } from '@mantine/core';

export const OPTIONS_CIVILITE = [
  { value: 'MADAME', label: 'Madame' },
  { value: 'MONSIEUR', label: 'Monsieur' },
];

/** The 'Civilité' select of a person's form; empty text is no civility. */
export function SelectCivilite({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (civilite: string) => void;
  error?: string;
}) {
  return (
    <Select
      label="Civilité"
      clearable
      data={OPTIONS_CIVILITE}
      value={value || null}
      onChange={(x) => onChange(x ?? '')}
      error={error}
    />
  );
}
