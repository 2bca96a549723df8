/**
 * mantine-datatable's built-in texts are English ('Previous page', 'Records per page', 'Select
 * record 1', 'No records'): every table spreads these French ones first, so nothing English
 * reaches the screen or a screen reader, whichever options the table uses.
 */
export const TEXTES_TABLEAU = {
  noRecordsText: 'Aucun résultat',
  loadingText: 'Chargement…',
  paginationText: ({
    from,
    to,
    totalRecords,
  }: {
    from: number;
    to: number;
    totalRecords: number;
  }) => `${from}–${to} sur ${totalRecords}`,
  getPaginationControlProps: (control: string) =>
    control === 'previous'
      ? { 'aria-label': 'Page précédente' }
      : control === 'next'
        ? { 'aria-label': 'Page suivante' }
        : control === 'first'
          ? { 'aria-label': 'Première page' }
          : control === 'last'
            ? { 'aria-label': 'Dernière page' }
            : {},
  allRecordsSelectionCheckboxProps: { 'aria-label': 'Tout sélectionner' },
  getRecordSelectionCheckboxProps: (_record: unknown, index: number) => ({
    'aria-label': `Sélectionner la ligne ${index + 1}`,
  }),
} as const;
