import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import {
  utilisateurModificationSchema,
  type UtilisateurLigne,
  type UtilisateurModification,
} from '@estive/contracts';
import { MESSAGES_COMPTES, type Role } from '@estive/domain';
import { toastErreurFormulaire } from '../../../lib/api';
import { modifierCompte } from './api';
import { LIBELLES_ROLE } from './roles';

const schema = utilisateurModificationSchema.required();

/** Name, role and ODGs of an account (its mail is its login: unchanged). */
export function DialogueModification({
  compte,
  odgs,
  roles,
  fermer,
}: {
  compte: UtilisateurLigne;
  odgs: { value: string; label: string }[];
  roles: Role[];
  fermer: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<Required<UtilisateurModification>>({
    resolver: zodResolver(schema),
    defaultValues: {
      nom: compte.nom,
      prenom: compte.prenom,
      role: compte.role,
      odgIds: compte.droits.map((d) => d.odgId),
    },
  });
  // ODGs the account holds that the asker cannot give still show, by name.
  const donnees = [
    ...odgs,
    ...compte.droits
      .filter((d) => !odgs.some((o) => o.value === d.odgId))
      .map((d) => ({ value: d.odgId, label: d.raisonSociale })),
  ];
  const e = form.formState.errors;
  const enregistrer = form.handleSubmit(async (v) => {
    try {
      await modifierCompte(compte.id, v);
      notifications.show({ color: 'green', message: MESSAGES_COMPTES.compteModifie });
      await client.invalidateQueries({ queryKey: ['parametrage', 'comptes'] });
      fermer();
    } catch (err) {
      toastErreurFormulaire(err, form, 'Erreur durant la modification du compte');
    }
  });
  return (
    <Modal opened onClose={fermer} title={`Modifier le compte ${compte.mail}`} centered size="lg">
      <form onSubmit={(ev) => void enregistrer(ev)} noValidate>
        <Stack>
          <Group grow>
            <TextInput label="Nom" withAsterisk {...form.register('nom')} error={e.nom?.message} />
            <TextInput
              label="Prénom"
              withAsterisk
              {...form.register('prenom')}
              error={e.prenom?.message}
            />
          </Group>
          <Controller
            control={form.control}
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
            control={form.control}
            name="odgIds"
            render={({ field }) => (
              <MultiSelect
                label="ODG"
                withAsterisk
                searchable
                data={donnees}
                value={field.value}
                onChange={field.onChange}
                error={e.odgIds?.message}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={fermer}>
              Annuler
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
