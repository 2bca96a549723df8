import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Campagne } from '@estive/contracts';
import { formaterDate, MESSAGES_VALIDATION as M } from '@estive/domain';
import { toastErreurServeur } from '../../../lib/api';
import { ChampDate } from '../../../ui/ChampDate';
import { DialogueFormulaire } from '../../../ui/DialogueFormulaire';
import { useEnregistrement } from '../../../ui/useEnregistrement';
import { creerCampagne, lireCampagnes, modifierCampagne } from '../api';
import { DefilementHorizontal } from '../../../ui/DefilementHorizontal';

const schema = z
  .object({
    libelle: z.string().trim().min(1, M.obligatoire).max(100, '100 caractères au plus'),
    debut: z.string().min(1, M.obligatoire),
    fin: z.string().min(1, M.obligatoire),
    courante: z.boolean(),
  })
  .refine((v) => !v.debut || !v.fin || v.fin >= v.debut, {
    path: ['fin'],
    message: 'La date de fin doit être postérieure à la date de début',
  });
type Valeurs = z.infer<typeof schema>;

/** The other campaigns whose dates meet [debut, fin] (issue 32 item 4: overlaps warn, not block). */
export function chevauchees(autres: readonly Campagne[], debut: string, fin: string) {
  if (!debut || !fin || fin < debut) return [];
  return autres.filter((k) => k.debut <= fin && k.fin >= debut);
}

/**
 * Create or modify a campaign; the server's field errors land on the fields. A new campaign is not
 * current unless the user ticks it, and the box then says which campaign loses the flag; dates
 * that meet another campaign's are told under the fields.
 */
export function DialogueCampagne({
  campagne,
  autres,
  fermer,
}: {
  campagne: Campagne | null;
  autres: readonly Campagne[];
  fermer: () => void;
}) {
  const form = useForm<Valeurs>({
    resolver: zodResolver(schema),
    defaultValues: campagne
      ? {
          libelle: campagne.libelle,
          debut: campagne.debut,
          fin: campagne.fin,
          courante: campagne.courante,
        }
      : { libelle: '', debut: '', fin: '', courante: false },
  });
  const { register, formState, watch } = form;
  const [debut, fin, courante] = watch(['debut', 'fin', 'courante']);
  const ailleurs = autres.filter((k) => k.id !== campagne?.id);
  const chevauche = chevauchees(ailleurs, debut, fin);
  const remplacee = courante ? ailleurs.find((k) => k.courante) : undefined;
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
      <Group grow align="flex-start">
        {(['debut', 'fin'] as const).map((nom) => (
          <Controller
            key={nom}
            control={form.control}
            name={nom}
            render={({ field, fieldState }) => (
              <ChampDate
                label={nom === 'debut' ? 'Début' : 'Fin'}
                withAsterisk
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </Group>
      {chevauche.length > 0 && (
        <Alert color="orange" variant="light" role="status" title="Dates communes">
          {chevauche.map((k) => (
            <Text size="sm" key={k.id}>
              Cette campagne chevauche « {k.libelle} » (du {formaterDate(k.debut)} au{' '}
              {formaterDate(k.fin)}).
            </Text>
          ))}
        </Alert>
      )}
      <Checkbox
        label="Campagne courante"
        description={
          remplacee
            ? `« ${remplacee.libelle} » ne sera plus la campagne courante : les nouvelles tournées et la pression de contrôle utiliseront celle-ci.`
            : undefined
        }
        {...register('courante')}
      />
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
  const [aRendreCourante, setARendreCourante] = useState<Campagne | null>(null);
  const rendreCourante = useMutation({
    mutationFn: (id: string) => modifierCampagne(id, { courante: true }),
    onSuccess: async () => {
      setARendreCourante(null);
      await client.invalidateQueries({ queryKey: ['parametrage', 'campagnes'] });
    },
    onError: (e) => toastErreurServeur(e),
  });
  const actuelle = data?.find((k) => k.courante);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          La campagne courante est celle des nouvelles tournées et de la pression de contrôle.
        </Text>
        <Button onClick={() => setEdition('nouvelle')}>Nouvelle campagne</Button>
      </Group>
      <DefilementHorizontal libelle="Campagnes">
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
                <Table.Td>{k.courante ? <Badge color="estive">Courante</Badge> : null}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    {!k.courante && (
                      <Button size="xs" variant="light" onClick={() => setARendreCourante(k)}>
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
      </DefilementHorizontal>
      {edition && (
        <DialogueCampagne
          campagne={edition === 'nouvelle' ? null : edition}
          autres={data ?? []}
          fermer={() => setEdition(null)}
        />
      )}
      <Modal
        opened={aRendreCourante !== null}
        onClose={() => setARendreCourante(null)}
        title="Changer de campagne courante"
        centered
      >
        <Stack>
          <Text size="sm">
            Rendre « {aRendreCourante?.libelle} » courante ?
            {actuelle
              ? ` « ${actuelle.libelle} » ne le sera plus : les nouvelles tournées et la pression de contrôle utiliseront « ${aRendreCourante?.libelle ?? ''} ».`
              : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setARendreCourante(null)}>
              Annuler
            </Button>
            <Button
              loading={rendreCourante.isPending}
              onClick={() => aRendreCourante && rendreCourante.mutate(aRendreCourante.id)}
            >
              Rendre courante
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
