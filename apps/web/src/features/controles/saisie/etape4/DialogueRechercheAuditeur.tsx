import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { DataTable } from 'mantine-datatable';
import { ETATS_VIDES } from '@estive/domain';
import type { Auditeur } from './auditeurs';
import { FILTRES_VIDES, filtrerAuditeurs, type FiltresAuditeur } from './rechercheAuditeur';
import { useListeAuditeurs } from './useListeAuditeurs';
import { TEXTES_TABLEAU } from '../../../../ui/tableauFrancais';

const PAR_PAGE = 10;

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Tells the current auditor's row apart: chosen id, else the signed-in user's e-mail. */
  estActuel: (a: Auditeur) => boolean;
  onChoisir: (a: Auditeur) => void;
}

/** 'Recherche auditeur' (spec part 2 §2): the controllers of the active right's ODG. */
export function DialogueRechercheAuditeur({ opened, onClose, estActuel, onChoisir }: Props) {
  const { liste, chargement, horsLigne } = useListeAuditeurs(opened);
  const [filtres, setFiltres] = useState<FiltresAuditeur>(FILTRES_VIDES);
  const [page, setPage] = useState(1);
  const trouves = useMemo(
    () => filtrerAuditeurs(liste?.auditeurs ?? [], filtres),
    [liste, filtres],
  );
  const lignes = trouves.slice((page - 1) * PAR_PAGE, page * PAR_PAGE);

  const filtre = (champ: keyof FiltresAuditeur, label: string) => (
    <TextInput
      label={label}
      value={filtres[champ]}
      onChange={(e) => {
        const valeur = e.currentTarget.value;
        setFiltres((f) => ({ ...f, [champ]: valeur }));
        setPage(1);
      }}
    />
  );

  const fermer = () => {
    setFiltres(FILTRES_VIDES);
    setPage(1);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={fermer} title="Recherche auditeur" size="xl" centered>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {filtre('nom', 'Nom')}
          {filtre('prenom', 'Prénom')}
          {filtre('organisme', 'Organisme')}
        </SimpleGrid>
        {horsLigne && liste && (
          <Group gap={6} c="dimmed">
            <IconCloudOff size={16} aria-hidden />
            <Text size="sm">
              Liste hors ligne du {dayjs(liste.date).format('DD/MM/YYYY à HH:mm')}
            </Text>
          </Group>
        )}
        {horsLigne && !liste && (
          <Alert color="yellow">
            La liste des auditeurs n&apos;est pas encore sur cet appareil : ouvrez cette recherche
            une fois en ligne.
          </Alert>
        )}
        <DataTable<Auditeur>
          {...TEXTES_TABLEAU}
          withTableBorder
          striped
          highlightOnHover
          minHeight={180}
          verticalSpacing="xs"
          fetching={chargement && !liste}
          records={lignes}
          totalRecords={trouves.length}
          recordsPerPage={PAR_PAGE}
          page={page}
          onPageChange={setPage}
          paginationText={({ from, to, totalRecords }) => `${from}–${to} sur ${totalRecords}`}
          noRecordsText={ETATS_VIDES.aucunResultat}
          columns={[
            { accessor: 'nom', title: 'Nom' },
            { accessor: 'prenom', title: 'Prénom' },
            { accessor: 'organisme', title: 'Organisme' },
            { accessor: 'mail', title: 'E-mail' },
            {
              accessor: 'id',
              title: '',
              textAlign: 'right',
              render: (a) =>
                estActuel(a) ? (
                  <Text size="sm" fw={600} c="green.9" style={{ whiteSpace: 'nowrap' }}>
                    Auditeur actuel
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    aria-label={`Choisir ${a.prenom} ${a.nom}`}
                    onClick={() => {
                      onChoisir(a);
                      fermer();
                    }}
                  >
                    Choisir
                  </Button>
                ),
            },
          ]}
        />
      </Stack>
    </Modal>
  );
}
