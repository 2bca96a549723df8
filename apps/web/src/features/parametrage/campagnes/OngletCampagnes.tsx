import { Badge, Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Campagne } from '@estive/contracts';
import { formaterDate, MESSAGES_VALIDATION as M } from '@estive/domain';
import { toastErreurServeur } from '../../../lib/api';
import { DialogueFormulaire } from '../../../ui/DialogueFormulaire';
import { useEnregistrement } from '../../../ui/useEnregistrement';
import { creerCampagne, lireCampagnes, modifierCampagne } from '../api';

const schema = z
  .object({
    libelle: z.string().trim().min(1, M.obligatoire).max(100),
    debut: z.string().min(1, M.obligatoire),
    fin: z.string().min(1, M.obligatoire),
    courante: z.boolean(),
  })
  .refine((v) => !v.debut || !v.fin || v.fin >= v.debut, {
    path: ['fin'],
    message: 'La date de fin doit être postérieure à la date de début',
  });
type Valeurs = z.infer<typeof schema>;

/** Create or modify a campaign; the server's field errors land on the fields. */
function DialogueCampagne({ campagne, fermer }: { campagne: Campagne | null; fermer: () => void }) {
  const form = useForm<Valeurs>({
    resolver: zodResolver(schema),
    defaultValues: campagne
      ? {
          libelle: campagne.libelle,
          debut: campagne.debut,
          fin: campagne.fin,
          courante: campagne.courante,
        }
      : { libelle: '', debut: '', fin: '', courante: true },
  });
  const { register, formState } = form;
  const enregistrer = useEnregistrement(form, {
    ecrire: (v) => (campagne ? modifierCampagne(campagne.id, v) : creerCampagne(v)),
    succes: campagne ? 'La campagne a été modifiée' : 'La campagne a été créée',
    requete: ['parametrage', 'campagnes'],
    erreur: "Erreur durant l'enregistrement de la campagne",
    fermer,
  });
  return (
    <DialogueFormulaire
      titre={campagne ? 'Modifier la campagne' : 'Nouvelle campagne'}
      fermer={fermer}
      envoyer={enregistrer}
      enCours={formState.isSubmitting}
    >
      <TextInput
        label="Libellé"
        withAsterisk
        {...register('libelle')}
        error={formState.errors.libelle?.message}
      />
      <Group grow>
        <TextInput
          label="Début"
          type="date"
          withAsterisk
          {...register('debut')}
          error={formState.errors.debut?.message}
        />
        <TextInput
          label="Fin"
          type="date"
          withAsterisk
          {...register('fin')}
          error={formState.errors.fin?.message}
        />
      </Group>
      <Checkbox label="Campagne courante" {...register('courante')} />
    </DialogueFormulaire>
  );
}

/**
 * Campagnes of the active ODG: one is current (new rounds and the control pressure use it);
 * making another current takes the flag from the former one.
 */
export default function OngletCampagnes() {
  const client = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: ['parametrage', 'campagnes'],
    queryFn: lireCampagnes,
  });
  const [edition, setEdition] = useState<Campagne | 'nouvelle' | null>(null);
  const rendreCourante = useMutation({
    mutationFn: (id: string) => modifierCampagne(id, { courante: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['parametrage', 'campagnes'] }),
    onError: (e) => toastErreurServeur(e),
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          La campagne courante est celle des nouvelles tournées et de la pression de contrôle.
        </Text>
        <Button onClick={() => setEdition('nouvelle')}>Nouvelle campagne</Button>
      </Group>
      <Table striped highlightOnHover withTableBorder aria-label="Campagnes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Libellé</Table.Th>
            <Table.Th>Début</Table.Th>
            <Table.Th>Fin</Table.Th>
            <Table.Th>Tournées</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data ?? []).map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td>{k.libelle}</Table.Td>
              <Table.Td>{formaterDate(k.debut)}</Table.Td>
              <Table.Td>{formaterDate(k.fin)}</Table.Td>
              <Table.Td>{k.tournees}</Table.Td>
              <Table.Td>{k.courante ? <Badge color="green">Courante</Badge> : null}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end">
                  {!k.courante && (
                    <Button size="xs" variant="light" onClick={() => rendreCourante.mutate(k.id)}>
                      Rendre courante
                    </Button>
                  )}
                  <Button size="xs" variant="subtle" onClick={() => setEdition(k)}>
                    Modifier
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {!isPending && (data ?? []).length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>Aucun résultat</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {edition && (
        <DialogueCampagne
          campagne={edition === 'nouvelle' ? null : edition}
          fermer={() => setEdition(null)}
        />
      )}
    </Stack>
  );
}
