import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couleurAopIgp, PALETTE } from './palette';

const lineaire = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const rvb = (hex: string) =>
  [1, 3, 5].map((i) => lineaire(parseInt(hex.slice(i, i + 2), 16) / 255));
const luminance = (hex: string) => {
  const [r, g, b] = rvb(hex) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const lab = (hex: string) => {
  const [r, g, b] = rvb(hex) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
  const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
  const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)] as const;
};

describe('palette', () => {
  it('has 22 colours', () => {
    expect(PALETTE).toHaveLength(22);
  });

  it.each(PALETTE.map((c) => [c]))('%s carries white text at 4.5:1 or more', (couleur) => {
    expect(1.05 / (luminance(couleur) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps any two colours visibly apart (ΔE ≥ 13)', () => {
    for (const [i, a] of PALETTE.entries()) {
      for (const b of PALETTE.slice(i + 1)) {
        const [p, q] = [lab(a), lab(b)];
        expect(Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2])).toBeGreaterThanOrEqual(13);
      }
    }
  });

  it.each([
    [1, PALETTE[1]],
    ['1', PALETTE[1]],
    [22, PALETTE[0]],
    [23, PALETTE[1]],
    [-1, PALETTE[21]],
  ])('label %j → %s', (id, couleur) => {
    expect(couleurAopIgp(id)).toBe(couleur);
  });

  it('gives consecutive labels different colours', () => {
    const couleurs = Array.from({ length: 22 }, (_, i) => couleurAopIgp(i + 100));
    expect(new Set(couleurs).size).toBe(22);
  });

  it('gives any id, local ones included, one stable colour of the palette', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer()), (id) => {
        expect(PALETTE).toContain(couleurAopIgp(id));
        expect(couleurAopIgp(id)).toBe(couleurAopIgp(id));
      }),
    );
  });
});
