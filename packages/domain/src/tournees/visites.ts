import { formaterDate, formaterHeure } from '../format/dates';

/**
 * Issue 32 item 4: a controller cannot be at two operators at once. The spec gives no duration
 * for a visit; an on-site control takes at least an hour, so two visits of one controller less
 * than an hour apart are 'at the same hour' (docs/decisions.md, 'Programming screens'). It is a
 * warning, not a refusal: the office may mean two labels of neighbouring sites.
 */
export const ECART_MIN_VISITES_MINUTES = 60;

/** A visit of one controller: who (null when it is another ODG's) and when (an instant). */
export interface VisiteDuControleur {
  /** What identifies it to the caller (a card's operator id, a control id). */
  cle: string;
  raisonSociale: string | null;
  date: string;
}

/**
 * For each of `visites` (one controller's visits being programmed), the visits among `visites`
 * and `autres` (his other visits) less than an hour from it, sorted by time. A visit without a
 * valid date has none.
 */
export function visitesMemeHeure(
  visites: readonly VisiteDuControleur[],
  autres: readonly VisiteDuControleur[] = [],
): Map<string, VisiteDuControleur[]> {
  const ecart = ECART_MIN_VISITES_MINUTES * 60_000;
  const temps = (v: VisiteDuControleur) => Date.parse(v.date);
  const tous = [...visites, ...autres].filter((v) => !Number.isNaN(temps(v)));
  const resultat = new Map<string, VisiteDuControleur[]>();
  for (const v of visites) {
    const t = temps(v);
    if (Number.isNaN(t)) continue;
    const proches = tous
      .filter((o) => o !== v && o.cle !== v.cle && Math.abs(temps(o) - t) < ecart)
      .sort((a, b) => temps(a) - temps(b));
    if (proches.length > 0) resultat.set(v.cle, proches);
  }
  return resultat;
}

/**
 * The warning under a visit's date: 'Le contrôleur a une autre visite à la même heure : Fromagerie
 * X le 12/06/2026 à 09:00' (several joined; another ODG's visit named as such).
 */
export function messageVisitesMemeHeure(proches: readonly VisiteDuControleur[]): string {
  const noms = proches.map(
    (p) =>
      `${p.raisonSociale ?? 'un contrôle d’un autre ODG'} le ${formaterDate(p.date)} à ${formaterHeure(p.date)}`,
  );
  const une = noms.length === 1;
  return `Le contrôleur a ${une ? 'une autre visite' : 'd’autres visites'} à la même heure : ${noms.join(' ; ')}`;
}
