import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParametrageTdb } from '@estive/contracts';
import { toastErreurServeur } from '../../lib/api';
import { enregistrerParametrage, lireParametrage } from './api';

type Table = keyof ParametrageTdb['colonnesMasquees'];

/** The columns a user hid in a table, from his settings kept server-side (`parametrage-tdb`). */
export function useColonnesMasquees(table: Table): string[] {
  const { data } = useQuery({ queryKey: ['tdb-parametrage'], queryFn: lireParametrage });
  return data?.colonnesMasquees[table] ?? [];
}

/** Removes the hidden columns from a table's column list. */
export const visibles = <C extends { accessor: string }>(colonnes: C[], masquees: string[]) =>
  colonnes.filter((c) => !masquees.includes(c.accessor));

/** 'Colonnes': ticks the columns shown in one table; each change is saved at once. */
export function ChoixColonnes({
  table,
  colonnes,
}: {
  table: Table;
  colonnes: { accessor: string; title: string }[];
}) {
  const client = useQueryClient();
  const { data: p } = useQuery({ queryKey: ['tdb-parametrage'], queryFn: lireParametrage });
  const enregistrer = useMutation({
    mutationFn: enregistrerParametrage,
    // Shown at once; the server's answer (or, on a refusal, a reload) then stands. A read still in
    // flight (the page's first load, a refocus) is cancelled, or its older answer would undo the tick.
    onMutate: async (nouveau) => {
      await client.cancelQueries({ queryKey: ['tdb-parametrage'] });
      client.setQueryData(['tdb-parametrage'], nouveau);
    },
    onSuccess: (r) => client.setQueryData(['tdb-parametrage'], r),
    onError: (e) => {
      toastErreurServeur(e);
      void client.invalidateQueries({ queryKey: ['tdb-parametrage'] });
    },
  });
  if (!p) return null;
  const masquees = p.colonnesMasquees[table];
  const basculer = (accessor: string, visible: boolean) =>
    enregistrer.mutate({
      ...p,
      colonnesMasquees: {
        ...p.colonnesMasquees,
        [table]: visible ? masquees.filter((c) => c !== accessor) : [...masquees, accessor],
      },
    });
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={18} />}>
          Colonnes
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label="Colonnes affichées">
          {colonnes.map((c) => (
            <Checkbox
              key={c.accessor}
              label={c.title}
              checked={!masquees.includes(c.accessor)}
              // At least one column stays: an empty table would look like a missing search.
              disabled={!masquees.includes(c.accessor) && masquees.length >= colonnes.length - 1}
              onChange={(e) => basculer(c.accessor, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
