import { describe, expect, it } from 'vitest';
import { nomFichierRapport, sha256Hex } from './fichier';

describe('nomFichierRapport', () => {
  const base = { siret: '49201783600018', aop: 'Comté', numeroRapport: 'SIQ-104233' };

  it('follows RA-{siret}-{aop}-{report number}-{date}.pdf', () => {
    expect(nomFichierRapport({ ...base, date: '2025-03-11' })).toBe(
      'RA-49201783600018-Comté-SIQ-104233-2025-03-11.pdf',
    );
  });

  it('reads a timestamp as its day in Paris', () => {
    // 23:30 UTC on 10 March is 00:30 on 11 March in Paris.
    expect(nomFichierRapport({ ...base, date: '2025-03-10T23:30:00Z' })).toMatch(
      /-2025-03-11\.pdf$/,
    );
  });

  it('accepts a French date and keeps file names portable', () => {
    const nom = nomFichierRapport({ ...base, aop: 'Bleu d/Auvergne', date: '11/03/2025' });
    expect(nom).not.toMatch(/[/\\\s]/);
    expect(nom).toMatch(/-2025-03-11\.pdf$/);
  });
});

describe('sha256Hex', () => {
  it('hashes bytes to lowercase hex (NIST vector "abc")', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('hashes only the view, not the whole underlying buffer', async () => {
    const tampon = new TextEncoder().encode('xxabcxx');
    expect(await sha256Hex(tampon.subarray(2, 5))).toBe(
      await sha256Hex(new TextEncoder().encode('abc')),
    );
  });
});
