import { describe, expect, it } from 'vitest';
import { alerteStockageSiBesoin, SEUIL_ALERTE_STOCKAGE_OCTETS } from './stockage';

const MO = 1024 * 1024;

describe('low-storage warning', () => {
  it('stays silent while more than 2 MB of the quota remain', () => {
    expect(alerteStockageSiBesoin({ quota: 10 * MO, usage: 1 * MO }, true)).toBeNull();
    expect(
      alerteStockageSiBesoin({ quota: SEUIL_ALERTE_STOCKAGE_OCTETS + 1, usage: 0 }, true),
    ).toBeNull();
  });

  it('warns at 2 MB or less, with the megabytes missing to reach 4 GB on Chrome', () => {
    const texte = alerteStockageSiBesoin({ quota: 2 * MO, usage: 0 }, true);
    expect(texte).toContain('au moins 4 Go libres');
    expect(texte).toContain('Il manque 4094 Mo');
  });

  it('asks 20 GB of other browsers and counts the space already used', () => {
    const texte = alerteStockageSiBesoin({ quota: 3 * MO, usage: 2 * MO }, false);
    expect(texte).toContain('au moins 20 Go libres');
    expect(texte).toContain(`Il manque ${20 * 1024 - 1} Mo`);
  });

  it('does not warn when the browser does not tell its quota', () => {
    expect(alerteStockageSiBesoin({}, true)).toBeNull();
  });
});
