import { BarChart } from '@mantine/charts';
import { Card, Group, NumberInput, Select, Stack, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Pression, PressionLigne } from '@estive/contracts';
import { toastErreurServeur } from '../../lib/api';
import { Chargement } from '../../ui/Chargement';
import { definirTaux, lirePression } from './api';
import { TiragePression } from './TiragePression';
import { BoutonExport } from '../../ui/BoutonExport';
import { DefilementHorizontal } from '../../ui/DefilementHorizontal';
import { GRAPHIQUE_COMPTES } from './format';

/** The rate cell: typed, saved when the field is left or Entrée is pressed (empty removes it). */
function Taux({
  ligne,
  enregistrer,
}: {
  ligne: PressionLigne;
  enregistrer: (taux: number | null) => void;
}) {
  const [valeur, setValeur] = useState<string | number>(ligne.taux ?? '');
  const envoyer = () => {
    const taux = valeur === '' ? null : Number(valeur);
    if (taux !== ligne.taux) enregistrer(taux);
  };
  return (
    <NumberInput
      aria-label={`Taux cible ${ligne.aopIgp} ${ligne.activite}`}
      size="xs"
      w={84}
      min={0}
      max={100}
      allowDecimal={false}
      allowNegative={false}
      suffix=" %"
      value={valeur}
      onChange={setValeur}
      onBlur={envoyer}
      onKeyDown={(e) => {
        if (e.key === 'Enter') envoyer();
      }}
    />
  );
}

/** Achieved (controlled, programmed) against the target, per label and activity. */
function Graphique({ data }: { data: Pression }) {
  const graphe = data.lignes.map((l) => ({
    ligne: `${l.aopIgp} · ${l.activite}`,
    Objectif: l.objectif,
    Contrôlés: l.controles,
    Programmés: l.programmes,
  }));
  return (
    <Card withBorder aria-label="Pression réalisée et objectif">
      <Title order={4} mb="sm">
        Pression réalisée et objectif
      </Title>
      <BarChart
        h={240}
        data={graphe}
        dataKey="ligne"
        withLegend
        legendProps={{ verticalAlign: 'top', height: 30 }}
        {...GRAPHIQUE_COMPTES}
        series={[
          { name: 'Objectif', color: 'gray.5' },
          { name: 'Contrôlés', color: 'teal.6' },
          { name: 'Programmés', color: 'blue.5' },
        ]}
      />
    </Card>
  );
}

/** Pression de contrôle: target vs achieved per label and activity, rates, and a recorded draw. */
export function OngletPression() {
  const client = useQueryClient();
  const [campagneId, setCampagneId] = useState<string | null>(null);
  const { data, isPending } = useQuery({
    queryKey: ['tdb-pression', campagneId],
    queryFn: () => lirePression(campagneId),
  });
  const taux = useMutation({
    mutationFn: definirTaux,
    onSuccess: (p) => {
      client.setQueryData(['tdb-pression', campagneId], p);
      notifications.show({ color: 'green', message: 'Le taux cible a été enregistré' });
    },
    onError: (e) => {
      toastErreurServeur(e);
      void client.invalidateQueries({ queryKey: ['tdb-pression'] });
    },
  });
  if (isPending || !data) return <Chargement />;
  const campagne = campagneId ?? data.campagneId;
  return (
    <Stack gap="md">
      <Group align="end" justify="space-between">
        <Select
          label="Campagne"
          w={220}
          data={data.campagnes.map((c) => ({ value: c.id, label: c.libelle }))}
          value={campagne}
          onChange={setCampagneId}
          allowDeselect={false}
        />
        <BoutonExport
          chemin={`/api/tdb/pression/export?campagneId=${campagne ?? ''}`}
          nom="pression-de-controle.xlsx"
          disabled={campagne === null}
        />
      </Group>
      <Graphique data={data} />
      <DefilementHorizontal libelle="Pression de contrôle">
        <Table striped withTableBorder aria-label="Pression de contrôle">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>AOP-IGP</Table.Th>
              <Table.Th>Activité</Table.Th>
              <Table.Th>Taux cible</Table.Th>
              <Table.Th ta="right">Habilités</Table.Th>
              <Table.Th ta="right">Objectif</Table.Th>
              <Table.Th ta="right">Contrôlés</Table.Th>
              <Table.Th ta="right">Programmés</Table.Th>
              <Table.Th ta="right">Écart</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lignes.map((l) => (
              <Table.Tr key={`${l.aopIgpId}-${l.activiteId}-${String(l.taux)}`}>
                <Table.Td>{l.aopIgp}</Table.Td>
                <Table.Td>{l.activite}</Table.Td>
                <Table.Td>
                  <Taux
                    ligne={l}
                    enregistrer={(t) =>
                      taux.mutate({
                        campagneId: campagne ?? '',
                        aopIgpId: l.aopIgpId,
                        activiteId: l.activiteId,
                        taux: t,
                      })
                    }
                  />
                </Table.Td>
                <Table.Td ta="right">{l.habilites}</Table.Td>
                <Table.Td ta="right">{l.objectif}</Table.Td>
                <Table.Td ta="right">{l.controles}</Table.Td>
                <Table.Td ta="right">{l.programmes}</Table.Td>
                <Table.Td ta="right" c={l.ecart > 0 ? 'red.9' : 'teal.9'} fw={700}>
                  {l.ecart}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </DefilementHorizontal>
      {campagne ? <TiragePression campagneId={campagne} lignes={data.lignes} /> : null}
    </Stack>
  );
}
