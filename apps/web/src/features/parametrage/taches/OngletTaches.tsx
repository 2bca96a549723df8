import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Execution, Tache } from '@estive/contracts';
import { toastErreurServeur } from '../../../lib/api';
import { useSession } from '../../../offline/session/session';
import { lancerTache, lireTaches } from './api';

const STATUTS: Record<Execution['statut'], { libelle: string; couleur: string }> = {
  EN_COURS: { libelle: 'En cours', couleur: 'blue' },
  SUCCES: { libelle: 'Réussie', couleur: 'green' },
  ECHEC: { libelle: 'En échec', couleur: 'red' },
};

const BILAN: Record<string, string> = {
  tombstones: 'suppressions synchronisées',
  journaux: 'journaux des appareils',
  fichiersRejetes: 'fichiers rejetés',
  sessions: 'sessions',
  executions: 'exécutions anciennes',
  relances: 'relances',
  envoyees: 'mails envoyés',
  journal: 'écrits au journal (SMTP_URL absent)',
  sansAdresse: 'sans adresse mail',
  echecs: 'envois en échec',
};

const quand = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date(iso));

const periodicite = (minutes: number) =>
  minutes % 1440 === 0
    ? minutes === 1440
      ? 'Tous les jours'
      : `Tous les ${String(minutes / 1440)} jours`
    : minutes === 60
      ? 'Toutes les heures'
      : `Toutes les ${String(minutes)} minutes`;

function bilan(e: Execution) {
  const parties = Object.entries(e.bilan).map(([k, n]) => `${String(n)} ${BILAN[k] ?? k}`);
  // A failed run may still have figures (reminders partly sent): both are shown.
  const chiffres = parties.length > 0 ? parties.join(', ') : null;
  if (e.erreur) return chiffres ? `${e.erreur} — ${chiffres}` : e.erreur;
  return chiffres ?? '—';
}

function CarteTache({ tache }: { tache: Tache }) {
  const client = useQueryClient();
  const d = tache.derniere;
  const lancer = async () => {
    try {
      await lancerTache(tache.code);
      notifications.show({ color: 'blue', message: `La tâche « ${tache.libelle} » a été lancée` });
    } catch (e) {
      toastErreurServeur(e);
    }
    await client.invalidateQueries({ queryKey: ['parametrage', 'taches'] });
  };
  return (
    <Card withBorder radius="md" data-tache={tache.code}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4">
              {tache.libelle}
            </Title>
            <Text size="xs" c="dimmed">
              {periodicite(tache.periodiciteMinutes)}
            </Text>
          </div>
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            disabled={d?.statut === 'EN_COURS'}
            onClick={() => void lancer()}
          >
            Lancer maintenant
          </Button>
        </Group>
        <Text size="sm">{tache.description}</Text>
        <Group gap="xs" aria-label="Dernière exécution">
          <Text size="sm" fw={500}>
            Dernière exécution :
          </Text>
          {d ? (
            <>
              <Text size="sm">{quand(d.debut)}</Text>
              <Badge color={STATUTS[d.statut].couleur}>{STATUTS[d.statut].libelle}</Badge>
            </>
          ) : (
            <Text size="sm">jamais</Text>
          )}
        </Group>
        {d && d.statut !== 'EN_COURS' && (
          <Text size="sm" c={d.statut === 'ECHEC' ? 'red' : undefined} data-bilan>
            {bilan(d)}
          </Text>
        )}
        {tache.historique.length > 1 && (
          <Table fz="xs" aria-label={`Historique : ${tache.libelle}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Début</Table.Th>
                <Table.Th>Lancée par</Table.Th>
                <Table.Th>Résultat</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tache.historique.slice(1).map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{quand(e.debut)}</Table.Td>
                  <Table.Td>{e.par ?? 'Planification'}</Table.Td>
                  <Table.Td>
                    {STATUTS[e.statut].libelle} — {bilan(e)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** Settings 'Tâches': the scheduled jobs, their last run and outcome; national, so CNAOL only. */
export default function OngletTaches() {
  const cnaol = useSession().principal?.roles.includes('ROLE_CNAOL') ?? false;
  const taches = useQuery({
    queryKey: ['parametrage', 'taches'],
    queryFn: lireTaches,
    enabled: cnaol,
    // Watched while a run is under way.
    refetchInterval: (q) =>
      q.state.data?.some((t) => t.derniere?.statut === 'EN_COURS') ? 2000 : false,
  });
  if (!cnaol) {
    return <Alert color="gray">Les tâches planifiées sont réservées au CNAOL.</Alert>;
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {(taches.data ?? []).map((t) => (
        <CarteTache key={t.code} tache={t} />
      ))}
    </SimpleGrid>
  );
}
