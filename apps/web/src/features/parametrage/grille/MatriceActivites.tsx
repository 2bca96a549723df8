import { Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toastErreurServeur } from '../../../lib/api';
import { Chargement } from '../../../ui/Chargement';
import { ecrireMatrice, lireMatrice } from '../api';

const CLE = ['parametrage', 'matrice'];
const cle = (categorieId: string, activiteId: string) => `${categorieId}:${activiteId}`;

/**
 * The ODG's matrix (`/api/categorie-activite/matrice`): the activities each category of operator
 * covers — what the habilitations and the devices read through the 'categorie-activite' feed.
 */
export function MatriceActivites() {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: CLE, queryFn: lireMatrice });
  const [coches, setCoches] = useState<Set<string>>(new Set());
  const [envoi, setEnvoi] = useState(false);
  useEffect(() => {
    if (data) setCoches(new Set(data.liens.map((l) => cle(l.categorieId, l.activiteId))));
  }, [data]);
  if (!data) return <Chargement />;
  const initial = new Set(data.liens.map((l) => cle(l.categorieId, l.activiteId)));
  const modifie = initial.size !== coches.size || [...coches].some((k) => !initial.has(k));
  const basculer = (k: string) =>
    setCoches((s) => {
      const n = new Set(s);
      if (n.has(k)) n.delete(k);
      else n.add(k);
      return n;
    });
  const enregistrer = async () => {
    setEnvoi(true);
    try {
      const liens = [...coches].map((k) => {
        const [categorieId = '', activiteId = ''] = k.split(':');
        return { categorieId, activiteId };
      });
      client.setQueryData(CLE, await ecrireMatrice(liens));
      notifications.show({ color: 'green', message: 'La matrice a bien été enregistrée' });
    } catch (e) {
      toastErreurServeur(e);
    } finally {
      setEnvoi(false);
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Activités couvertes par chaque catégorie d’opérateur, pour les AOP-IGP de l’ODG.
        </Text>
        <Button disabled={!modifie} loading={envoi} onClick={() => void enregistrer()}>
          Enregistrer la matrice
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table withTableBorder withColumnBorders aria-label="Matrice catégories activités">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Catégorie</Table.Th>
              {data.activites.map((a) => (
                <Table.Th key={a.id} ta="center">
                  {a.libelle}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.categories.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.libelle}</Table.Td>
                {data.activites.map((a) => (
                  <Table.Td key={a.id}>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      aria-label={`${c.libelle} – ${a.libelle}`}
                      checked={coches.has(cle(c.id, a.id))}
                      onChange={() => basculer(cle(c.id, a.id))}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
