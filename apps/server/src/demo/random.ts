import { at } from '@estive/domain';
/** Deterministic pseudo-random source (mulberry32): the same seed gives the same demo data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => at(items, Math.floor(next() * items.length)),
    chance: (p: number) => next() < p,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}
export type Random = ReturnType<typeof createRandom>;

/** A SIRET is 14 digits whose Luhn checksum is valid (SIREN 9 digits + NIC 5). */
export function siretValide(random: Random): string {
  const base = random.digits(13);
  for (let d = 0; d <= 9; d++) {
    if (luhnValide(`${base}${d}`)) return `${base}${d}`;
  }
  throw new Error('unreachable: one check digit always fits');
}

export function luhnValide(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}
