import { at } from './invariant';

/**
 * 22 colours, one per label (spec part 2 §9). Each carries white text at a WCAG AA contrast of
 * at least 4.5:1, and any two differ by at least ΔE 13 (CIELAB), so neighbouring chips stay
 * distinguishable. A label keeps its colour everywhere: it is chosen from its id.
 */
export const PALETTE = [
  '#1565c0',
  '#bf360c',
  '#2e7d32',
  '#3e2723',
  '#9c007a',
  '#7a5c00',
  '#006064',
  '#311b92',
  '#c2185b',
  '#616161',
  '#880e4f',
  '#7b1fa2',
  '#303f9f',
  '#263238',
  '#0277bd',
  '#b35000',
  '#6b6b00',
  '#00796b',
  '#d32f2f',
  '#004d40',
  '#1b5e20',
  '#01579b',
] as const;

export type CouleurPalette = (typeof PALETTE)[number];

/**
 * Server ids are numbers (as text offline), so consecutive labels get different colours; any
 * other id (a local one) is hashed, stable across sessions and devices.
 */
function rang(aopIgpId: string | number): number {
  const n = Number(aopIgpId);
  if (Number.isSafeInteger(n)) return n;
  let h = 0;
  for (const c of String(aopIgpId)) h = (Math.imul(h, 31) + (c.codePointAt(0) ?? 0)) | 0;
  return h;
}

export function couleurAopIgp(aopIgpId: string | number): CouleurPalette {
  const n = PALETTE.length;
  return at(PALETTE, ((rang(aopIgpId) % n) + n) % n);
}
