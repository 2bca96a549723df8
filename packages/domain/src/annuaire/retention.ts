/**
 * Personal-data policy (spec part 1 §1): an operator's data is kept for the habilitation period
 * plus at least 5 years after production stops. Production is taken as stopped once no
 * habilitation is validated or under way; its stop is the latest of the last habilitation change
 * and the last control.
 */
export const ANNEES_RETENTION = 5;

export interface ActiviteOperateur {
  /** A habilitation is VALIDEE or EN_COURS: the habilitation period runs. */
  habilitationActive: boolean;
  /** Latest habilitation change or control, null when the operator never had either. */
  derniereActivite: Date | null;
}

export type Retention = { enCours: false } | { enCours: true; jusquA: Date | null };

export function retention(a: ActiviteOperateur, maintenant: Date): Retention {
  if (a.habilitationActive) return { enCours: true, jusquA: null };
  if (!a.derniereActivite) return { enCours: false };
  const fin = new Date(a.derniereActivite);
  fin.setUTCFullYear(fin.getUTCFullYear() + ANNEES_RETENTION);
  return fin > maintenant ? { enCours: true, jusquA: fin } : { enCours: false };
}

const jour = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short' }).format(d);

/** Why an anonymisation is refused, for the office user (French). */
export function motifRetention(r: Retention): string | null {
  if (!r.enCours) return null;
  return r.jusquA
    ? `Anonymisation impossible : les données sont conservées jusqu'au ${jour(r.jusquA)} (5 ans après l'arrêt de la production)`
    : "Anonymisation impossible : une habilitation est en cours ou validée (données conservées pendant l'habilitation puis 5 ans)";
}
