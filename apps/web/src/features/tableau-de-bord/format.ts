/** Dates of the dashboards as the office reads them: Europe/Paris, French. */
export const dateHeureParis = (iso: string | null): string =>
  iso === null
    ? ''
    : new Date(iso).toLocaleString('fr-FR', {
        timeZone: 'Europe/Paris',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
export const dateParis = (iso: string | null): string =>
  iso === null ? '' : new Date(iso).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
/** A business day `YYYY-MM-DD` as dd/mm/yyyy. */
export const jour = (j: string | null): string =>
  j === null ? '' : j.split('-').reverse().join('/');

const NOMBRE = new Intl.NumberFormat('fr-FR');
/**
 * Props of a chart of counts: French numbers (1 234, never 1,234) in the axis and tooltip, and
 * whole ticks only (a count of 2.5 controls does not exist; recharts picked 0, 2.5, 5…).
 */
export const GRAPHIQUE_COMPTES = {
  valueFormatter: (v: number) => NOMBRE.format(v),
  yAxisProps: { allowDecimals: false },
} as const;
