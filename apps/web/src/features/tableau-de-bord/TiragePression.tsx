import {
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  NumberInput,
  ScrollArea,
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
import type { PressionLigne, Tirage } from '@estive/contracts';
import { toastErreurServeur } from '../../lib/api';
import { envoyerAuPanier, lirePreselection, lireTirage, lireTirages, preparerTirage } from './api';
import { dateHeureParis, dateParis } from './format';

function Verifie({ ok }: { ok: boolean }) {
  return ok ? (
    <Badge color="teal" variant="light">
      Vérifié
    </Badge>
  ) : (
    <Badge color="red" variant="filled">
      Non vérifiable
    </Badge>
  );
}

/** The recorded draw: who was kept from the preselection, who was drawn, the seed, the check. */
function Resultat({ tirage, reprendre }: { tirage: Tirage; reprendre: () => void }) {
  const client = useQueryClient();
  const panier = useMutation({
    mutationFn: () =>
      envoyerAuPanier([...tirage.preselectionnes, ...tirage.tires].map((o) => o.id)),
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
  return (
    <Stack gap="xs" mt="md">
      <Group gap="xs">
        <Text size="sm">
          Tirage du {dateHeureParis(tirage.date)} par {tirage.auteur} : {tirage.tires.length}{' '}
          tiré(s) sur {tirage.nbCandidats} candidats, {tirage.preselectionnes.length}{' '}
          présélectionné(s), graine <Code data-testid="graine">{tirage.graine}</Code>
        </Text>
        <Verifie ok={tirage.verifie} />
      </Group>
      <Table withTableBorder aria-label="Opérateurs tirés">
        <Table.Tbody>
          {[
            ...tirage.preselectionnes.map((o) => ({ o, origine: 'Présélection' })),
            ...tirage.tires.map((o) => ({ o, origine: 'Tiré au sort' })),
          ].map(({ o, origine }) => (
            <Table.Tr key={o.id}>
              <Table.Td>{o.raisonSociale}</Table.Td>
              <Table.Td>{o.siret}</Table.Td>
              <Table.Td>{o.ville}</Table.Td>
              <Table.Td>{origine}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="light" onClick={reprendre}>
          Reprendre cette graine
        </Button>
        <Button loading={panier.isPending} onClick={() => panier.mutate()}>
          Ajouter au panier
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Preselection (open shortcomings, never controlled, longest since first), then a draw of the
 * rest, recorded with its seed; the recorded draws of the campaign, each checked again.
 */
export function TiragePression({
  campagneId,
  lignes,
}: {
  campagneId: string;
  lignes: PressionLigne[];
}) {
  const client = useQueryClient();
  const [aopIgpId, setAopIgpId] = useState<string | null>(null);
  const [gardes, setGardes] = useState<string[]>([]);
  const [nombre, setNombre] = useState<number>(5);
  const [graine, setGraine] = useState('');
  const [tirage, setTirage] = useState<Tirage | null>(null);
  const aops = [...new Map(lignes.map((l) => [l.aopIgpId, l.aopIgp])).entries()];
  const { data: presel } = useQuery({
    queryKey: ['tdb-preselection', campagneId, aopIgpId],
    queryFn: () => lirePreselection(campagneId, aopIgpId ?? '', 20),
    enabled: aopIgpId !== null,
  });
  const { data: tirages = [] } = useQuery({
    queryKey: ['tdb-tirages', campagneId],
    queryFn: () => lireTirages(campagneId),
  });
  const tirer = useMutation({
    mutationFn: () =>
      preparerTirage({
        campagneId,
        aopIgpId: aopIgpId ?? '',
        nombre,
        preselectionnes: gardes,
        ...(graine.trim() ? { graine: graine.trim() } : {}),
      }),
    onSuccess: (t) => {
      setTirage(t);
      void client.invalidateQueries({ queryKey: ['tdb-tirages', campagneId] });
    },
    onError: (e) => toastErreurServeur(e),
  });
  const voir = useMutation({ mutationFn: lireTirage, onSuccess: setTirage });
  const basculer = (id: string, oui: boolean) =>
    setGardes((g) => (oui ? [...g, id] : g.filter((x) => x !== id)));
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Présélection et tirage au sort
      </Title>
      <Group align="end">
        <Select
          label="AOP-IGP"
          w={220}
          data={aops.map(([value, label]) => ({ value, label }))}
          value={aopIgpId}
          onChange={(v) => {
            setAopIgpId(v);
            setGardes([]);
          }}
        />
        <NumberInput
          label="Nombre à tirer parmi les autres"
          min={1}
          max={2000}
          w={220}
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
      {presel ? (
        <Stack gap={4} mt="md">
          <Text size="sm" c="dimmed">
            Présélection : {presel.totalCandidats} candidats (manquements ouverts d'abord, puis
            jamais contrôlés, puis contrôlés depuis le plus longtemps). Les opérateurs cochés sont
            gardés ; le tirage choisit les autres au hasard.
          </Text>
          <ScrollArea.Autosize mah={260}>
            <Table withTableBorder striped aria-label="Présélection">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>Opérateur</Table.Th>
                  <Table.Th>Ville</Table.Th>
                  <Table.Th>Dernier contrôle</Table.Th>
                  <Table.Th ta="right">Manquements ouverts</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {presel.content.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Garder ${o.raisonSociale}`}
                        checked={gardes.includes(o.id)}
                        onChange={(e) => basculer(o.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{o.raisonSociale}</Table.Td>
                    <Table.Td>{o.ville}</Table.Td>
                    <Table.Td>
                      {o.dernierControle ? dateParis(o.dernierControle) : 'Jamais'}
                    </Table.Td>
                    <Table.Td ta="right" c={o.manquementsOuverts > 0 ? 'red.9' : undefined}>
                      {o.manquementsOuverts}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      ) : null}
      {tirage ? <Resultat tirage={tirage} reprendre={() => setGraine(tirage.graine)} /> : null}
      {tirages.length > 0 ? (
        <Stack gap={4} mt="md">
          <Text fw={600} size="sm">
            Tirages enregistrés
          </Text>
          <Table withTableBorder aria-label="Tirages enregistrés">
            <Table.Tbody>
              {tirages.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>{dateHeureParis(t.date)}</Table.Td>
                  <Table.Td>{t.aopIgp}</Table.Td>
                  <Table.Td>{t.auteur}</Table.Td>
                  <Table.Td>
                    <Code>{t.graine}</Code>
                  </Table.Td>
                  <Table.Td>
                    {t.nbPreselectionnes} présélectionné(s), {t.nbTires} tiré(s) sur {t.nbCandidats}
                  </Table.Td>
                  <Table.Td>
                    <Verifie ok={t.verifie} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="subtle" onClick={() => voir.mutate(t.id)}>
                      Voir
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </Card>
  );
}
