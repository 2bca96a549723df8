import {
  Badge,
  Button,
  Group,
  List,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConflitDetail, GardeConflit, MotifConflit, VersionControle } from '@estive/contracts';
import { LIBELLES_RESULTAT, LIBELLES_STATUT_CONTROLE } from '@estive/domain';
import { TablePaginee } from '../../ui/TablePaginee';
import { useRequetePaginee } from '../../ui/useRequetePaginee';
import { toastErreurServeur } from '../../lib/api';
import { Chargement } from '../../ui/Chargement';
import { lireConflit, resoudreConflit } from './api';
import { dateHeureParis, dateParis } from './format';

export const LIBELLES_MOTIF: Record<MotifConflit, string> = {
  FINALISE: 'Contrôle finalisé',
  REAFFECTE: 'Contrôle attribué à un autre contrôleur',
  ANNULE: 'Contrôle annulé par le bureau',
  MODIFIE: 'Contrôle modifié par le bureau',
  SUPPRIME: 'Contrôle supprimé',
  VERDICTS: 'Grille contraire aux règles de contrôle',
};

/** What an office reader compares in a grid: answered points, shortcomings, observation. */
function resumeGrille(v: VersionControle): {
  points: string;
  manquements: string;
  observation: string;
} {
  // Both versions come parsed by the contracts' schemas (the server reads them as the domain's).
  const g = v.grille;
  const reponses = (g?.categories ?? []).flatMap((c) =>
    c.points.flatMap((p) => p.aops.filter((a) => a.saisie.conformite != null)),
  );
  const groupes = (g?.groupesSysExploitation ?? []).filter((x) => !x.ignore).map((x) => x.libelle);
  return {
    points: `${String(reponses.length)} réponse(s)${groupes.length ? ` · ${groupes.join(', ')}` : ''}`,
    manquements:
      (g?.manquements ?? []).map((m) => `${m.pointControleCode} ${m.libelle}`.trim()).join(' ; ') ||
      'Aucun',
    observation: Object.values(v.synthese ?? {})
      .map((s) => s.audite.observation ?? '')
      .filter(Boolean)
      .join(' ; '),
  };
}

function lignesVersion(v: VersionControle): [string, string][] {
  const r = resumeGrille(v);
  return [
    ['Statut', v.statut ? LIBELLES_STATUT_CONTROLE[v.statut] : ''],
    ['Résultat', v.resultat ? LIBELLES_RESULTAT[v.resultat] : ''],
    ['Date', dateHeureParis(v.date)],
    ['Étape de saisie', v.etapeSaisie === null ? '' : String(v.etapeSaisie)],
    ["Raison de l'abandon", v.raisonAbandon ?? ''],
    ['Contrôleur', v.controleur ?? ''],
    ['Grille', r.points],
    ['Manquements', r.manquements],
    ['Observation', r.observation],
  ];
}

/** Both versions side by side; the rows that differ stand out. */
function Comparaison({ c, fermer }: { c: ConflitDetail; fermer: () => void }) {
  const client = useQueryClient();
  const resoudre = useMutation({
    mutationFn: (garde: GardeConflit) => resoudreConflit(c.id, garde),
    onSuccess: (d) => {
      client.setQueryData(['tdb-conflit', c.id], d);
      void client.invalidateQueries({ queryKey: ['tdb-conflits'] });
      notifications.show({ color: 'green', message: 'Le conflit est résolu', autoClose: 5000 });
      fermer();
    },
    onError: (e) => toastErreurServeur(e),
  });
  const bureau = lignesVersion(c.bureau);
  const appareil = lignesVersion(c.appareil);
  return (
    <Stack gap="sm">
      <Text size="sm">
        {c.raisonSociale} · {c.aopIgp} · rapport SIQ-{c.numeroRapport} · {LIBELLES_MOTIF[c.motif]}
      </Text>
      {c.ecarts.length > 0 && (
        <List size="sm" aria-label="Écarts avec les règles de contrôle">
          {c.ecarts.map((e) => (
            <List.Item key={e}>{e}</List.Item>
          ))}
        </List>
      )}
      <Table withTableBorder withColumnBorders aria-label="Versions du contrôle" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150} />
            <Table.Th>Version du bureau</Table.Th>
            <Table.Th>
              Version de l&apos;appareil ({c.controleur ?? ''}, reçue le {dateHeureParis(c.recuLe)})
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bureau.map(([libelle, valeur], i) => {
            const autre = appareil[i]?.[1] ?? '';
            const differe = autre !== valeur;
            return (
              <Table.Tr
                key={libelle}
                data-differe={differe || undefined}
                bg={differe ? 'var(--mantine-color-yellow-light)' : undefined}
              >
                <Table.Th scope="row">{libelle}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{valeur}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{autre}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {c.resolution ? (
        <Text size="sm">
          Résolu le {dateHeureParis(c.resolution.le)} par {c.resolution.par} : version{' '}
          {c.resolution.garde === 'BUREAU' ? 'du bureau' : "de l'appareil"} conservée.
        </Text>
      ) : (
        <Group justify="flex-end">
          <Button
            variant="default"
            loading={resoudre.isPending && resoudre.variables === 'BUREAU'}
            disabled={resoudre.isPending}
            onClick={() => resoudre.mutate('BUREAU')}
          >
            Garder la version du bureau
          </Button>
          <Button
            loading={resoudre.isPending && resoudre.variables === 'APPAREIL'}
            disabled={resoudre.isPending}
            onClick={() => resoudre.mutate('APPAREIL')}
          >
            Garder la version de l&apos;appareil
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DetailConflit({ id, fermer }: { id: string; fermer: () => void }) {
  const { data } = useQuery({ queryKey: ['tdb-conflit', id], queryFn: () => lireConflit(id) });
  return (
    <Modal opened onClose={fermer} title="Conflit de synchronisation" size="xl">
      {data ? <Comparaison c={data} fermer={fermer} /> : <Chargement />}
    </Modal>
  );
}

/**
 * Conflits tab: controls whose offline entry met an office change, and entries refused as locked
 * (kept in the inbox). The office opens one, compares, keeps a version.
 */
export function OngletConflits() {
  const [resolu, setResolu] = useState('false');
  const [ouvert, setOuvert] = useState<string | null>(null);
  const requete = useRequetePaginee({
    cle: 'tdb-conflits',
    appel: 'GET /api/tdb/conflit',
    filtres: { resolu },
  });
  return (
    <Stack gap="sm">
      <SegmentedControl
        w="fit-content"
        value={resolu}
        onChange={setResolu}
        data={[
          { value: 'false', label: 'À résoudre' },
          { value: 'true', label: 'Résolus' },
        ]}
      />
      <TablePaginee
        aria-label="Conflits de synchronisation"
        requete={requete}
        onRowClick={(l) => setOuvert(l.id)}
        columns={[
          { accessor: 'numeroRapport', title: 'Rapport', render: (l) => `SIQ-${l.numeroRapport}` },
          { accessor: 'raisonSociale', title: 'Opérateur' },
          { accessor: 'aopIgp', title: 'AOP-IGP' },
          {
            accessor: 'dateControle',
            title: 'Date du contrôle',
            render: (l) => dateParis(l.dateControle),
          },
          {
            accessor: 'motif',
            title: 'Motif',
            render: (l) => (
              <Badge variant="light" color="orange" maw="100%">
                {LIBELLES_MOTIF[l.motif]}
              </Badge>
            ),
          },
          { accessor: 'controleur', title: 'Contrôleur' },
          { accessor: 'recuLe', title: 'Reçu le', render: (l) => dateHeureParis(l.recuLe) },
          {
            accessor: 'resoluLe',
            title: 'Résolu le',
            render: (l) => dateHeureParis(l.resoluLe),
          },
        ]}
      />
      {ouvert ? <DetailConflit id={ouvert} fermer={() => setOuvert(null)} /> : null}
    </Stack>
  );
}
