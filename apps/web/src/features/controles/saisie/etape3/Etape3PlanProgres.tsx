import { useState } from 'react';
import {
  ActionIcon,
  Card,
  Grid,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
  type MantineTheme,
} from '@mantine/core';
import { IconArrowsMaximize } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { LIBELLES_SEVERITE } from '@estive/domain';
import type { ManquementGrille } from '../grille/types';
import type { ManquementPrecedent } from '../types';
import { ManquementsPrecedents } from '../composants/ManquementsPrecedents';
import { FormulaireManquement } from './FormulaireManquement';
import { TEXTES_TABLEAU } from '../../../../ui/tableauFrancais';

/** From 768 px (Mantine 'sm') every column of the shortcomings table has its own cell. */
const LARGE = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;

/** Spec part 2 §9: the shortcomings table shows 20 rows a page. */
export const MANQUEMENTS_PAR_PAGE = 20;

interface Props {
  manquements: readonly ManquementGrille[];
  precedents: readonly ManquementPrecedent[];
  onChange: (key: string, saisie: ManquementGrille['saisie']) => void;
}

/** Step 3 'Plan de progrès': the shortcomings with expandable rows, previous ones aside. */
export function Etape3PlanProgres({ manquements, precedents, onChange }: Props) {
  const [page, setPage] = useState(1);
  const [ouverts, setOuverts] = useState<string[]>(() => manquements.slice(0, 1).map((m) => m.key));
  const [pleinEcran, setPleinEcran] = useState(false);
  const visibles = manquements.slice(
    (page - 1) * MANQUEMENTS_PAR_PAGE,
    page * MANQUEMENTS_PAR_PAGE,
  );
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <DataTable
          {...TEXTES_TABLEAU}
          withTableBorder
          minHeight={manquements.length ? undefined : 150}
          noRecordsText="Aucun manquement"
          records={visibles}
          idAccessor="key"
          totalRecords={manquements.length}
          recordsPerPage={MANQUEMENTS_PAR_PAGE}
          page={page}
          onPageChange={setPage}
          // On a phone six columns pushed the table, and the shortcoming's fields opened under
          // its row, past the screen's edge (issue 32, item 7): below 768 px the label, the
          // value and the threshold stay as columns and the label's cell carries the code,
          // the label and the category on a second line.
          columns={[
            { accessor: 'aopIgp.libelle', title: 'AOP-IGP', visibleMediaQuery: LARGE },
            {
              accessor: 'libelle',
              title: 'Libellé',
              render: (m) => (
                <Stack gap={0}>
                  <Text size="sm">{m.libelle}</Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {[m.pointControleCode, m.aopIgp.libelle, m.categorie]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'pointControleCode', title: 'Code', visibleMediaQuery: LARGE },
            { accessor: 'categorie', title: 'Catégorie', visibleMediaQuery: LARGE },
            { accessor: 'valeur', title: 'Valeur' },
            {
              accessor: 'seuil',
              title: 'Seuil',
              render: ({ seuil }) => (seuil ? LIBELLES_SEVERITE[seuil] : ''),
            },
          ]}
          rowExpansion={{
            allowMultiple: true,
            expanded: { recordIds: ouverts, onRecordIdsChange: setOuverts },
            content: ({ record }) => (
              <FormulaireManquement manquement={record} onChange={onChange} />
            ),
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Title order={5}>Manquements précédents</Title>
            <Tooltip label="Plein écran">
              <ActionIcon
                variant="subtle"
                size={44}
                onClick={() => setPleinEcran(true)}
                aria-label="Plein écran"
              >
                <IconArrowsMaximize size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <ScrollArea.Autosize mah={520}>
            <ManquementsPrecedents manquements={precedents} />
          </ScrollArea.Autosize>
        </Card>
        <Modal
          opened={pleinEcran}
          onClose={() => setPleinEcran(false)}
          fullScreen
          title="Manquements précédents"
        >
          <ManquementsPrecedents manquements={precedents} />
        </Modal>
      </Grid.Col>
    </Grid>
  );
}
