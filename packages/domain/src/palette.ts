/**
 * 22 distinct colours, one per label, chosen for contrast with white text on cards and chips
 * (WCAG AA for bold text). A label keeps its colour everywhere: it is chosen by its id.
 */
export const PALETTE = [
  '#1b5e20',
  '#0d47a1',
  '#b71c1c',
  '#4a148c',
  '#e65100',
  '#006064',
  '#880e4f',
  '#33691e',
  '#1a237e',
  '#bf360c',
  '#004d40',
  '#3e2723',
  '#827717',
  '#01579b',
  '#6a1b9a',
  '#263238',
  '#c62828',
  '#2e7d32',
  '#283593',
  '#ad1457',
  '#00695c',
  '#5d4037',
] as const;

export function couleurAopIgp(aopIgpId: string | number): string {
  const n = typeof aopIgpId === 'number' ? aopIgpId : hash(aopIgpId);
  return PALETTE[((n % PALETTE.length) + PALETTE.length) % PALETTE.length];
}

function hash(texte: string): number {
  const n = Number(texte);
  if (Number.isInteger(n)) return n;
  let h = 0;
  for (const c of texte) h = (h * 31 + c.charCodeAt(0)) | 0;
  return Math.abs(h);
}
