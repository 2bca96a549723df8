import {
  DataTable,
  type DataTableColumn,
  type DataTableRowExpansionProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { ETATS_VIDES } from '@estive/domain';
import { TAILLES_PAGE } from './requetePaginee';
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
  const sortStatus: DataTableSortStatus<T> = {
    columnAccessor: requete.tri?.colonne ?? '',
    direction: requete.tri?.sens ?? 'asc',
  };
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
      sortStatus={sortStatus}
      onSortStatusChange={(s) =>
        requete.setTri({ colonne: String(s.columnAccessor), sens: s.direction })
      }
      noRecordsText={ETATS_VIDES.aucunResultat}
      onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
      columns={columns}
      rowExpansion={rowExpansion}
      rowBackgroundColor={rowBackgroundColor}
      {...(selection
        ? { selectedRecords: selection.choisies, onSelectedRecordsChange: selection.choisir }
        : {})}
    />
  );
}
