import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { GroupeLigne, OperateurCourt } from '@estive/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { formaterSiret, MESSAGES_VALIDATION } from '@estive/domain';
import { api, toastErreurFormulaire, toastErreurServeur } from '../../lib/api';
import { TablePaginee } from '../../ui/TablePaginee';
import { useRequetePaginee } from '../../ui/useRequetePaginee';
import { BoutonExport } from '../../ui/BoutonExport';
import { ConfirmationAction, type AConfirmer } from '../../ui/ConfirmationAction';

export function NouveauGroupe({ surCree }: { surCree: (id: string, libelle: string) => void }) {
  const { register, handleSubmit, setError, reset, formState } = useForm({
    defaultValues: { libelle: '' },
  });
  return (
    <form
      noValidate
      onSubmit={(e) =>
        void handleSubmit(async (v) => {
          try {
            const r = await api('POST /api/groupe', { corps: v });
            notifications.show({ message: 'Le groupe a bien été créé', autoClose: 5000 });
            reset();
            surCree(r.id, v.libelle.trim());
          } catch (err) {
            toastErreurFormulaire(err, { setError }, "Le groupe n'a pas pu être créé");
          }
        })(e)
      }
    >
      <Group align="flex-start">
        <TextInput
          label="Nouveau groupe"
          placeholder="Libellé"
          {...register('libelle', {
            validate: (v) => (v.trim() ? true : MESSAGES_VALIDATION.obligatoire),
          })}
          error={formState.errors.libelle?.message}
        />
        <Button type="submit" mt={25} loading={formState.isSubmitting}>
          Créer le groupe
        </Button>
      </Group>
    </form>
  );
}

/** A group's members: list, removal, and the operators of the perimeter that may join. */
function Membres({ groupe, surChange }: { groupe: GroupeLigne; surChange: () => void }) {
  const client = useQueryClient();
  const [confirmation, setConfirmation] = useState<AConfirmer | null>(null);
  const [q, setQ] = useState('');
  const [qStable] = useDebouncedValue(q, 500);
  const membres = useQuery({
    queryKey: ['groupe-membres', groupe.id],
    queryFn: () => api('GET /api/groupe/{id}/membres', { params: { id: groupe.id } }),
  });
  const possibles = useQuery({
    queryKey: ['groupe-possibles', groupe.id, qStable],
    queryFn: () =>
      api('GET /api/groupe/{id}/membre-possible', {
        params: { id: groupe.id },
        query: { q: qStable },
      }),
    enabled: qStable.trim().length > 0,
  }).data;
  const apres = async (message: string) => {
    notifications.show({ message, autoClose: 5000 });
    await client.invalidateQueries({ queryKey: ['groupe-membres', groupe.id] });
    await client.invalidateQueries({ queryKey: ['groupe-possibles', groupe.id] });
    surChange();
  };
  const libelle = (o: OperateurCourt) => `${o.raisonSociale} — ${formaterSiret(o.siret)}`;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>Membres du groupe {groupe.libelle}</Title>
        <Select
          label="Ajouter un opérateur"
          placeholder="Raison sociale, siret, EDE ou PACAGE"
          searchable
          searchValue={q}
          onSearchChange={setQ}
          value={null}
          data={(possibles ?? []).map((o) => ({ value: o.id, label: libelle(o) }))}
          // The server filters (accents, SIRET groups): every option it sends is shown.
          filter={({ options }) => options}
          nothingFoundMessage={qStable.trim() ? 'Aucun résultat' : undefined}
          onChange={(id) => {
            if (!id) return;
            setQ('');
            api('POST /api/groupe/{id}/membre', {
              params: { id: groupe.id },
              corps: { personneMoraleId: Number(id) },
            })
              .then(() => apres("L'opérateur a bien été ajouté au groupe"))
              .catch((e: unknown) => toastErreurServeur(e));
          }}
        />
        {membres.data?.length === 0 && <Text c="dimmed">Aucun résultat</Text>}
        {!!membres.data?.length && (
          <Table striped withTableBorder aria-label="Membres">
            <Table.Tbody>
              {membres.data.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>{o.raisonSociale}</Table.Td>
                  <Table.Td>{formaterSiret(o.siret)}</Table.Td>
                  <Table.Td>
                    {o.codePostal ?? ''} {o.ville ?? ''}
                  </Table.Td>
                  <Table.Td w={48}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Retirer ${o.raisonSociale}`}
                      onClick={() =>
                        setConfirmation({
                          titre: 'Retirer un membre',
                          texte: `Retirer ${o.raisonSociale} du groupe ${groupe.libelle} ?`,
                          bouton: 'Retirer',
                          action: () =>
                            api('DELETE /api/groupe/{id}/membre/{personneMoraleId}', {
                              params: { id: groupe.id, personneMoraleId: o.id },
                            })
                              .then(() => apres("L'opérateur a bien été retiré du groupe"))
                              .catch((e: unknown) => toastErreurServeur(e)),
                        })
                      }
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ConfirmationAction demande={confirmation} fermer={() => setConfirmation(null)} />
    </Paper>
  );
}

/** The ODG's groups of operators: create, members, delete, export (spec part 2 §7). */
export function Groupes() {
  const client = useQueryClient();
  const [libelle, setLibelle] = useState('');
  const [choisi, setChoisi] = useState<GroupeLigne | null>(null);
  const [confirmation, setConfirmation] = useState<AConfirmer | null>(null);
  const requete = useRequetePaginee({
    cle: 'groupe',
    appel: 'GET /api/groupe',
    filtres: { libelle },
  });
  const rafraichir = () => void client.invalidateQueries({ queryKey: ['groupe'] });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Libellé"
          value={libelle}
          onChange={(e) => setLibelle(e.currentTarget.value)}
        />
        <NouveauGroupe
          surCree={(id, l) => {
            rafraichir();
            setChoisi({ id, libelle: l, nbMembres: 0 });
          }}
        />
        {/* The list's filter; the spec's group export ignores 404 (no group yet). */}
        <BoutonExport
          chemin={`/api/groupe/export?${requete.parametres.toString()}`}
          ignores={[404]}
        />
      </Group>
      <TablePaginee<GroupeLigne>
        aria-label="Groupes"
        requete={requete}
        onRowClick={(g) => setChoisi(g)}
        columns={[
          { accessor: 'libelle', title: 'Groupe' },
          { accessor: 'nbMembres', title: 'Membres' },
          {
            accessor: 'actions',
            title: '',
            width: 60,
            render: (g) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Supprimer le groupe ${g.libelle}`}
                onClick={(e) => {
                  e.stopPropagation();
                  setConfirmation({
                    titre: 'Supprimer un groupe',
                    texte:
                      g.nbMembres > 0
                        ? `Supprimer le groupe ${g.libelle} et ${g.nbMembres > 1 ? `ses ${String(g.nbMembres)} membres` : 'son membre'} ? Les opérateurs ne sont pas supprimés.`
                        : `Supprimer le groupe ${g.libelle} ?`,
                    bouton: 'Supprimer',
                    action: () =>
                      api('DELETE /api/groupe/{id}', { params: { id: g.id } })
                        .then(() => {
                          notifications.show({
                            message: 'Le groupe a bien été supprimé',
                            autoClose: 5000,
                          });
                          if (choisi?.id === g.id) setChoisi(null);
                          rafraichir();
                        })
                        .catch((err: unknown) => toastErreurServeur(err)),
                  });
                }}
              >
                <IconTrash size={18} />
              </ActionIcon>
            ),
          },
        ]}
      />
      {choisi && <Membres key={choisi.id} groupe={choisi} surChange={rafraichir} />}
      <ConfirmationAction demande={confirmation} fermer={() => setConfirmation(null)} />
    </Stack>
  );
}
