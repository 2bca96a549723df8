import type { ReactNode } from 'react';
import { Group, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableRowExpansionProps,
} from 'mantine-datatable';
import { ETATS_VIDES } from '@estive/domain';
import { TAILLES_PAGE, type Tri } from './requetePaginee';
import type { RequetePaginee } from './useRequetePaginee';
import { TEXTES_TABLEAU } from './tableauFrancais';

export interface ProprietesTablePaginee<T> {
  requete: RequetePaginee<T>;
  columns: DataTableColumn<T>[];
  onRowClick?: (ligne: T) => void;
  /** Unique key of a row; `id` by default. */
  idAccessor?: keyof T & string;
  'aria-label'?: string;
  /** A sub-table or details under a row (the rounds dashboard). */
  rowExpansion?: DataTableRowExpansionProps<T>;
  /** Background of a row, e.g. the one chosen in a picker. */
  rowBackgroundColor?: (ligne: T) => string | undefined;
  /** Rows chosen with their checkboxes (kept across pages by the caller). */
  selection?: { choisies: T[]; choisir: (lignes: T[]) => void };
}

/**
 * The office's paged table (spec part 1 §9): server pages of 5/10/15/25/50 rows, sortable
 * columns (a column is sortable when it says `sortable: true`; its accessor is the server's
 * field), French pagination text and 'Aucun résultat' when nothing matches.
 */
export function TablePaginee<T extends Record<string, unknown>>({
  requete,
  columns,
  onRowClick,
  idAccessor,
  'aria-label': ariaLabel,
  rowExpansion,
  rowBackgroundColor,
  selection,
}: ProprietesTablePaginee<T>) {
  const { data, isFetching, isPending } = requete.requete;
  // The library's own sort control names itself in English ('Sorted ascending', 'Not sorted',
  // hard-coded): a sortable column's title is our button instead, said in French.
  const colonnes = columns.map((c) =>
    c.sortable
      ? {
          ...c,
          sortable: false,
          title: (
            <EnteteTriable
              titre={c.title ?? String(c.accessor)}
              colonne={String(c.accessor)}
              tri={requete.tri}
              trier={requete.setTri}
            />
          ),
        }
      : c,
  );
  return (
    <DataTable<T>
      {...TEXTES_TABLEAU}
      aria-label={ariaLabel}
      withTableBorder
      striped
      highlightOnHover
      minHeight={data?.content.length ? undefined : 180}
      verticalSpacing="sm"
      idAccessor={idAccessor ?? 'id'}
      fetching={isPending || isFetching || requete.enAttente}
      records={data?.content ?? []}
      totalRecords={data?.totalElements ?? 0}
      recordsPerPage={requete.taille}
      recordsPerPageOptions={TAILLES_PAGE}
      onRecordsPerPageChange={requete.setTaille}
      recordsPerPageLabel="Lignes par page"
      paginationText={({ from, to, totalRecords }) => `${from}–${to} sur ${totalRecords}`}
      page={requete.page}
      onPageChange={requete.setPage}
      noRecordsText={ETATS_VIDES.aucunResultat}
      onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
      columns={colonnes}
      rowExpansion={rowExpansion}
      rowBackgroundColor={rowBackgroundColor}
      // Scrolled sideways on a phone: the viewport takes the keyboard focus (axe
      // 'scrollable-region-focusable', WCAG 2.1.1), named as the table.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': ariaLabel } }}
      {...(selection
        ? { selectedRecords: selection.choisies, onSelectedRecordsChange: selection.choisir }
        : {})}
    />
  );
}

function EnteteTriable({
  titre,
  colonne,
  tri,
  trier,
}: {
  titre: ReactNode;
  colonne: string;
  tri: Tri | null;
  trier: (tri: Tri) => void;
}) {
  const sens = tri?.colonne === colonne ? tri.sens : null;
  const Icone = sens === 'asc' ? IconArrowUp : sens === 'desc' ? IconArrowDown : IconSelector;
  const etat =
    sens === 'asc'
      ? 'trié par ordre croissant'
      : sens === 'desc'
        ? 'trié par ordre décroissant'
        : 'non trié';
  return (
    <UnstyledButton
      onClick={() => trier({ colonne, sens: sens === 'asc' ? 'desc' : 'asc' })}
      title={`Trier (${etat})`}
      fw={700}
      fz="sm"
    >
      <Group gap={4} wrap="nowrap">
        {titre}
        <Icone size={14} aria-label={etat} role="img" />
      </Group>
    </UnstyledButton>
  );
}
