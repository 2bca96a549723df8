import { sha256Hex } from '../../lib/hash';

/** JSON with keys sorted at every level: the same content always gives the same text. */
export function jsonCanonique(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonCanonique).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonCanonique(v)}`).join(',')}}`;
  }
  // What JSON cannot hold (JSON.stringify answers undefined for it) is written as null.
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol')
    return 'null';
  return JSON.stringify(value);
}

/** Fingerprint of a control entry, to recognise the same entry pushed again. */
export const empreinte = (value: unknown) => sha256Hex(jsonCanonique(value));
