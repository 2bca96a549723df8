import { describe, expect, it } from 'vitest';
import { memoireParContenu } from './memoire';

describe('memoireParContenu', () => {
  it('answers the kept object while the content is the same, the new one once it changes', () => {
    const garder = memoireParContenu<{ id: string; telephone: string }[]>();
    const premiere = [{ id: '1', telephone: '0381000000' }];
    expect(garder(premiere)).toBe(premiere);
    expect(garder([{ id: '1', telephone: '0381000000' }])).toBe(premiere);
    const modifiee = [{ id: '1', telephone: '0381999999' }];
    expect(garder(modifiee)).toBe(modifiee);
    expect(garder([])).toEqual([]);
  });
});
