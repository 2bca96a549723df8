import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  Select,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconBolt,
  IconEye,
  IconFileImport,
  IconPencil,
  IconPlus,
  IconUserEdit,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  COULEURS_STATUT_TOURNEE,
  formaterDate,
  LIBELLES_STATUT_TOURNEE,
  LIBELLES_TOURNEE,
  STATUTS_TOURNEE,
  type StatutTournee,
} from '@estive/domain';
import { api } from '../../../lib/api';
import { droitActif, useSession } from '../../../offline/session/session';
import { ChampDate } from '../../../ui/ChampDate';
import { TablePaginee } from '../../../ui/TablePaginee';
import { useRequetePaginee } from '../../../ui/useRequetePaginee';
import type { LigneDashboard } from '../types';
import { DialogueChangementControleur } from './DialogueChangementControleur';
import { SousTable } from './SousTable';

/** Spec part 1 §4: the list defaults to the rounds still moving. */
const STATUTS_DEFAUT: StatutTournee[] = ['PREPARATION', 'ATTENTE_SYNCHRO', 'SYNCHRONISE'];

export function BadgeStatut({ statut }: { statut: StatutTournee }) {
  return (
    <Badge color={COULEURS_STATUT_TOURNEE[statut].mantine} variant="light" radius="sm">
      {LIBELLES_STATUT_TOURNEE[statut]}
    </Badge>
  );
}

export const periode = (debut: string | null, fin: string | null): string =>
  debut && fin ? `${formaterDate(debut)} – ${formaterDate(fin)}` : debut ? formaterDate(debut) : '';

function useCampagnes() {
  const { data } = useQuery({
    queryKey: ['campagnes'],
    queryFn: () => api('GET /api/tdb/pression'),
  });
  return (data?.campagnes ?? []).map((c) => ({ value: c.id, label: c.libelle }));
}

/** Row actions by status (spec part 1 §2): edit, change controller, or view. */
function Actions({
  t,
  changerControleur,
}: {
  t: LigneDashboard;
  changerControleur: (t: LigneDashboard) => void;
}) {
  const navigate = useNavigate();
  const voir = (
    <Tooltip label="Voir le détail">
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label="Voir le détail"
        onClick={() => void navigate(`/tournee/detail/${t.id}`)}
      >
        <IconEye size={20} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
      {t.statut === 'PREPARATION' ? (
        <Tooltip label="Modifier la tournée">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Modifier la tournée"
            onClick={() => void navigate(`/tournee/creation/${t.id}`)}
          >
            <IconPencil size={20} />
          </ActionIcon>
        </Tooltip>
      ) : (
        voir
      )}
      {t.statut === 'ATTENTE_SYNCHRO' ? (
        <Tooltip label="Modifier le contrôleur">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Modifier le contrôleur"
            onClick={() => changerControleur(t)}
          >
            <IconUserEdit size={20} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/**
 * 'Programmation des tournees' (spec part 1 §2 'Programming dashboard'): the perimeter's rounds,
 * each row opening its controls; filters by controller, status, period and campaign.
 */
export function ProgrammationTournees() {
  const navigate = useNavigate();
  const droit = droitActif(useSession());
  const [controleur, setControleur] = useState('');
  const [statut, setStatut] = useState<string[]>(STATUTS_DEFAUT);
  const [periodeJour, setPeriodeJour] = useState('');
  const [campagneId, setCampagneId] = useState<string | null>(null);
  const [ouvertes, setOuvertes] = useState<string[]>([]);
  const [aChanger, setAChanger] = useState<LigneDashboard | null>(null);
  const campagnes = useCampagnes();
  const requete = useRequetePaginee({
    cle: 'tournees-dashboard',
    appel: 'GET /api/tournee/dashboard',
    filtres: { controleur, statut, periodeFrom: periodeJour, periodeTo: periodeJour, campagneId },
    triInitial: { colonne: 'debut', sens: 'desc' },
    enabled: droit !== null,
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end" wrap="wrap" gap="sm">
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput
            label="Contrôleur"
            value={controleur}
            onChange={(e) => setControleur(e.currentTarget.value)}
            w={200}
          />
          <MultiSelect
            label="Statut"
            data={STATUTS_TOURNEE.map((s) => ({ value: s, label: LIBELLES_STATUT_TOURNEE[s] }))}
            value={statut}
            onChange={setStatut}
            clearable
            w={300}
          />
          <ChampDate label="Période" value={periodeJour} onChange={setPeriodeJour} w={160} />
          <Select
            label="Campagne"
            data={campagnes}
            value={campagneId}
            onChange={setCampagneId}
            clearable
            w={200}
          />
        </Group>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconFileImport size={18} />}
            onClick={() => void navigate('/tournee/externe')}
          >
            {LIBELLES_TOURNEE.depotControleExterne}
          </Button>
          <Button
            variant="light"
            leftSection={<IconBolt size={18} />}
            onClick={() => void navigate('/tournee/creation-rapide')}
          >
            Création rapide
          </Button>
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => void navigate('/tournee/creation')}
          >
            {LIBELLES_TOURNEE.creerTournee}
          </Button>
        </Group>
      </Group>
      <TablePaginee<LigneDashboard>
        aria-label="Tournées"
        requete={requete}
        rowExpansion={{
          allowMultiple: true,
          expanded: { recordIds: ouvertes, onRecordIdsChange: setOuvertes },
          content: ({ record }) => <SousTable lignes={record.controles} />,
        }}
        columns={[
          {
            accessor: 'controleur',
            title: 'Contrôleur',
            sortable: true,
            render: (t) => t.controleurDenomination ?? '',
          },
          {
            accessor: 'statut',
            title: 'Statut',
            sortable: true,
            render: (t) => <BadgeStatut statut={t.statut} />,
          },
          {
            accessor: 'debut',
            title: 'Période',
            sortable: true,
            render: (t) => periode(t.debut, t.fin),
          },
          { accessor: 'campagne', title: 'Campagne', render: (t) => t.campagne?.libelle ?? '' },
          { accessor: 'nbOperateurs', title: 'Opérateurs', textAlign: 'right' },
          {
            accessor: 'actions',
            title: 'Actions',
            textAlign: 'right',
            render: (t) => <Actions t={t} changerControleur={setAChanger} />,
          },
        ]}
      />
      {aChanger ? (
        <DialogueChangementControleur tournee={aChanger} fermer={() => setAChanger(null)} />
      ) : null}
    </Stack>
  );
}
