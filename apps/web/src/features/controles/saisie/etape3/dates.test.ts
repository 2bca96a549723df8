import { describe, expect, it } from 'vitest';
import { dateValide } from './dates';

describe('dateValide', () => {
  it.each(['', '01/02/2026', '29-02-2028'])('accepts %s', (t) => expect(dateValide(t)).toBe(true));
  it.each(['31/02/2026', '29/02/2026', '1/2/2026', '2026-02-01'])('refuses %s', (t) =>
    expect(dateValide(t)).toBe(false),
  );
});
