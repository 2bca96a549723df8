import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A server autocomplete (spec: 500 ms debounce), disabled until its AOP-IGP is chosen. The
 * chosen option's label is kept so the field shows it even when the list has moved on. Used by the
 * external deposit and the dashboard's 'Nouveau manquement'.
 */
export function RechercheServeur<T extends { id: string }>({
  label,
  cle,
  aopIgpId,
  chercher,
  libelle,
  value,
  onChange,
  error,
}: {
  label: string;
  cle: string;
  aopIgpId: string | null;
  chercher: (aopIgpId: string, texte: string) => Promise<T[]>;
  libelle: (t: T) => string;
  value: { id: string; libelle: string } | null;
  onChange: (v: { id: string; libelle: string } | null) => void;
  error?: string;
}) {
  const [texte, setTexte] = useState('');
  const [stable] = useDebouncedValue(texte, 500);
  const { data = [] } = useQuery({
    queryKey: ['recherche-serveur', cle, aopIgpId, stable],
    queryFn: () => chercher(aopIgpId ?? '', stable),
    enabled: aopIgpId !== null,
  });
  const options = data.map((t) => ({ value: t.id, label: libelle(t) }));
  if (value && !options.some((o) => o.value === value.id))
    options.unshift({ value: value.id, label: value.libelle });
  return (
    <Select
      label={label}
      searchable
      clearable
      disabled={aopIgpId === null}
      data={options}
      value={value?.id ?? null}
      searchValue={texte}
      onSearchChange={setTexte}
      filter={({ options: o }) => o}
      onChange={(id, option) => onChange(id && option ? { id, libelle: option.label } : null)}
      error={error}
      nothingFoundMessage="Aucun résultat"
      miw={220}
    />
  );
}
