import { BarChart } from '@mantine/charts';
import {
  Button,
  Card,
  Code,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Tirage } from '@estive/contracts';
import { toastErreurServeur } from '../../lib/api';
import { Chargement } from '../../ui/Chargement';
import { envoyerAuPanier, lirePression, preparerTirage } from './api';
import { dateHeureParis } from './format';

/** Pression de contrôle: target vs achieved per label and activity, and a recorded draw. */
export function OngletPression() {
  const client = useQueryClient();
  const [campagneId, setCampagneId] = useState<string | null>(null);
  const [aopIgpId, setAopIgpId] = useState<string | null>(null);
  const [nombre, setNombre] = useState<number>(5);
  const [graine, setGraine] = useState('');
  const [tirage, setTirage] = useState<Tirage | null>(null);
  const { data, isPending } = useQuery({
    queryKey: ['tdb-pression', campagneId],
    queryFn: () => lirePression(campagneId),
  });
  const tirer = useMutation({
    mutationFn: () =>
      preparerTirage({
        campagneId: campagneId ?? data?.campagneId ?? '',
        aopIgpId: aopIgpId ?? '',
        nombre,
        ...(graine.trim() ? { graine: graine.trim() } : {}),
      }),
    onSuccess: setTirage,
    onError: (e) => toastErreurServeur(e),
  });
  const panier = useMutation({
    mutationFn: () => envoyerAuPanier((tirage?.tires ?? []).map((o) => o.id)),
    onSuccess: (r) => {
      void client.invalidateQueries({ queryKey: ['panier'] });
      notifications.show({
        color: 'green',
        message: `${String(r.ajoutes)} opérateur(s) ajouté(s) au panier`,
        autoClose: 5000,
      });
    },
    onError: (e) => toastErreurServeur(e),
  });
  if (isPending || !data) return <Chargement />;
  const aops = [...new Map(data.lignes.map((l) => [l.aopIgpId, l.aopIgp])).entries()];
  const graphe = aops.map(([id, libelle]) => {
    const lignes = data.lignes.filter((l) => l.aopIgpId === id);
    return {
      aop: libelle,
      Objectif: Math.max(0, ...lignes.map((l) => l.objectif)),
      Contrôlés: Math.max(0, ...lignes.map((l) => l.controles)),
      Programmés: Math.max(0, ...lignes.map((l) => l.programmes)),
    };
  });
  return (
    <Stack gap="md">
      <Group align="end">
        <Select
          label="Campagne"
          w={220}
          data={data.campagnes.map((c) => ({ value: c.id, label: c.libelle }))}
          value={campagneId ?? data.campagneId}
          onChange={setCampagneId}
          allowDeselect={false}
        />
      </Group>
      <Card withBorder>
        <Title order={4} mb="sm">
          Pression réalisée et objectif par AOP-IGP
        </Title>
        <BarChart
          h={240}
          data={graphe}
          dataKey="aop"
          withLegend
          series={[
            { name: 'Objectif', color: 'gray.5' },
            { name: 'Contrôlés', color: 'teal.6' },
            { name: 'Programmés', color: 'blue.5' },
          ]}
        />
      </Card>
      <Table striped withTableBorder aria-label="Pression de contrôle">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>AOP-IGP</Table.Th>
            <Table.Th>Activité</Table.Th>
            <Table.Th ta="right">Taux cible</Table.Th>
            <Table.Th ta="right">Habilités</Table.Th>
            <Table.Th ta="right">Objectif</Table.Th>
            <Table.Th ta="right">Contrôlés</Table.Th>
            <Table.Th ta="right">Programmés</Table.Th>
            <Table.Th ta="right">Écart</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.lignes.map((l) => (
            <Table.Tr key={`${l.aopIgpId}-${l.activiteId}`}>
              <Table.Td>{l.aopIgp}</Table.Td>
              <Table.Td>{l.activite}</Table.Td>
              <Table.Td ta="right">{l.taux === null ? '—' : `${String(l.taux)} %`}</Table.Td>
              <Table.Td ta="right">{l.habilites}</Table.Td>
              <Table.Td ta="right">{l.objectif}</Table.Td>
              <Table.Td ta="right">{l.controles}</Table.Td>
              <Table.Td ta="right">{l.programmes}</Table.Td>
              <Table.Td ta="right" c={l.ecart > 0 ? 'red.7' : 'teal.7'} fw={700}>
                {l.ecart}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Card withBorder>
        <Title order={4} mb="sm">
          Tirage au sort
        </Title>
        <Group align="end">
          <Select
            label="AOP-IGP"
            w={220}
            data={aops.map(([value, label]) => ({ value, label }))}
            value={aopIgpId}
            onChange={setAopIgpId}
          />
          <NumberInput
            label="Nombre d'opérateurs"
            min={1}
            max={2000}
            w={180}
            value={nombre}
            onChange={(v) => setNombre(Number(v) || 1)}
          />
          <TextInput
            label="Graine (pour rejouer un tirage)"
            w={240}
            value={graine}
            onChange={(e) => setGraine(e.currentTarget.value)}
          />
          <Button disabled={!aopIgpId} loading={tirer.isPending} onClick={() => tirer.mutate()}>
            Tirer au sort
          </Button>
        </Group>
        {tirage ? (
          <Stack gap="xs" mt="md">
            <Text size="sm">
              Tirage du {dateHeureParis(tirage.date)} par {tirage.auteur} : {tirage.tires.length}{' '}
              sur {tirage.nbCandidats} candidats, graine{' '}
              <Code data-testid="graine">{tirage.graine}</Code>
            </Text>
            <Table withTableBorder aria-label="Opérateurs tirés">
              <Table.Tbody>
                {tirage.tires.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>{o.raisonSociale}</Table.Td>
                    <Table.Td>{o.siret}</Table.Td>
                    <Table.Td>{o.ville}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group>
              <Button variant="light" onClick={() => setGraine(tirage.graine)}>
                Reprendre cette graine
              </Button>
              <Button loading={panier.isPending} onClick={() => panier.mutate()}>
                Ajouter au panier
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Card>
    </Stack>
  );
}
