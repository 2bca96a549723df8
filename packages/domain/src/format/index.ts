/** Display helpers: how the spec shows SIRETs, phones, usage periods and dates. */

const MOIS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** '12345678900012' → '123 456 789 00012' (groups 3-3-3-5). */
export function formaterSiret(siret: string | null | undefined): string {
  const d = (siret ?? '').replace(/\s/g, '');
  if (!/^\d{14}$/.test(d)) return siret ?? '';
  return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 9)} ${d.slice(9)}`;
}

/** '0450123456' → '04.50.12.34.56'; '+33450123456' → '+33.4.50.12.34.56'. */
export function formaterTelephone(tel: string | null | undefined): string {
  const t = (tel ?? '').replace(/[\s.]/g, '');
  if (/^0\d{9}$/.test(t)) return t.match(/\d{2}/g)!.join('.');
  const m = /^(\+\d{2})(\d)(\d{8})$/.exec(t);
  if (m) return `${m[1]}.${m[2]}.${m[3].match(/\d{2}/g)!.join('.')}`;
  return tel ?? '';
}

/** A recurring day of the year: '06-15' (MM-DD) → '15 juin'; '1 juin' for the 1st is '1er juin'. */
export function formaterJourMois(mmjj: string | null | undefined): string {
  const m = /^(\d{2})-(\d{2})$/.exec(mmjj ?? '');
  if (!m) return '';
  const jour = Number(m[2]);
  return `${jour === 1 ? '1er' : jour} ${MOIS[Number(m[1]) - 1]}`;
}

export function formaterPeriode(
  debut: string | null | undefined,
  fin: string | null | undefined,
): string {
  if (!debut && !fin) return '';
  return `du ${formaterJourMois(debut)} au ${formaterJourMois(fin)}`;
}

const enParis = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', ...options });

/** 'lundi 23 novembre 2026' */
export const formaterDateLongue = (d: Date | string) =>
  enParis({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(d));
/** '23/11/2026' */
export const formaterDate = (d: Date | string) =>
  enParis({ day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(d));
/** '08:30' */
export const formaterHeure = (d: Date | string) =>
  enParis({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(d));
