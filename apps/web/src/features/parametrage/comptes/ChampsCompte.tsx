import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { UtilisateurModification } from '@estive/contracts';
import type { Role } from '@estive/domain';
import { LIBELLES_ROLE } from './roles';

/** What a new account and an account's change both hold. */
export type IdentiteCompte = Required<UtilisateurModification>;

/**
 * Name, first name, role and ODGs of an account, in the form of the dialog that shows them (a new
 * account's form has more fields: its mail and temporary password).
 */
export function ChampsCompte<T extends IdentiteCompte>({
  form,
  roles,
  odgs,
}: {
  form: UseFormReturn<T>;
  roles: Role[];
  odgs: { value: string; label: string }[];
}) {
  // T holds these four fields with these types: the form reads them as an IdentiteCompte.
  const f = form as unknown as UseFormReturn<IdentiteCompte>;
  const e = f.formState.errors;
  return (
    <>
      <Group grow>
        <TextInput label="Nom" withAsterisk {...f.register('nom')} error={e.nom?.message} />
        <TextInput
          label="Prénom"
          withAsterisk
          {...f.register('prenom')}
          error={e.prenom?.message}
        />
      </Group>
      <Controller
        control={f.control}
        name="role"
        render={({ field }) => (
          <Select
            label="Rôle"
            withAsterisk
            allowDeselect={false}
            data={roles.map((r) => ({ value: r, label: LIBELLES_ROLE[r] }))}
            value={field.value}
            onChange={(v) => field.onChange(v)}
            error={e.role?.message}
          />
        )}
      />
      <Controller
        control={f.control}
        name="odgIds"
        render={({ field }) => (
          <MultiSelect
            label="ODG"
            withAsterisk
            searchable
            data={odgs}
            value={field.value}
            onChange={field.onChange}
            error={e.odgIds?.message}
          />
        )}
      />
    </>
  );
}
