/** Spec part 2 §5 'Dates': day/month/year with - or /, validated as a real date. */
export function dateValide(texte: string | null | undefined): boolean {
  const t = (texte ?? '').trim();
  if (t === '') return true;
  const m = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(t);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[3], +m[2] - 1, +m[1]));
  return d.getUTCFullYear() === +m[3] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[1];
}
