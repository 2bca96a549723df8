import { describe, expect, it } from 'vitest';
import { AOPS_DEMO } from './fixtures';
import { confirmationVraisemblance, plageVraisemblable } from './vraisemblance';

const point = (code: string) => {
  const p = AOPS_DEMO.flatMap((a) => a.points).find((x) => x.code === code);
  if (!p) throw new Error(code);
  return p;
};

describe('plausible ranges', () => {
  it.each([
    ['TL-01', '°C'],
    ['FA-01', '°C'],
    ['FA-18', 'h'],
    ['TR-02', '%'],
    ['AF-11', '%'],
    ['AF-01', 'jours'],
    ['AF-13', 'semaines'],
    ['AF-09', 'mois'],
    ['FA-08', undefined],
  ])('%s: the quantity its label names first is in %s', (code, unite) => {
    expect(plageVraisemblable(point(code).libelle)?.unite).toBe(unite);
  });

  it('asks to confirm a temperature, a percentage or a duration out of range, in French', () => {
    const temperature = plageVraisemblable(point('TL-01').libelle);
    expect(confirmationVraisemblance('180', temperature)).toBe(
      'Valeur inhabituelle pour une température (de 0 à 100 °C attendu) : confirmez-vous 180 °C ?',
    );
    expect(confirmationVraisemblance('-2,5', temperature)).toContain('confirmez-vous -2,5 °C ?');
    const part = plageVraisemblable(point('AF-11').libelle);
    expect(confirmationVraisemblance('120', part)).toBe(
      'Valeur inhabituelle pour un pourcentage (de 0 à 100 % attendu) : confirmez-vous 120 % ?',
    );
  });

  it.each(['17,5', '0', '100', '', null, 'douze', '1e9', '12/05/2026'])(
    'asks nothing for %j (plausible, blank, or already said unreadable)',
    (v) => {
      expect(confirmationVraisemblance(v, plageVraisemblable('Température (< 18 °C)'))).toBeNull();
    },
  );

  it('asks nothing where no range applies', () => {
    expect(confirmationVraisemblance('999999', null)).toBeNull();
  });

  it('never asks to confirm a demo limit itself: every limit lies in its range', () => {
    const hors = AOPS_DEMO.flatMap((a) =>
      a.points.flatMap((p) => {
        const plage = plageVraisemblable(p.libelle);
        return (p.limites ?? [])
          .filter(([, v]) => plage && (v < plage.min || v > plage.max))
          .map(([, v]) => `${a.libelle} ${p.code} ${v}`);
      }),
    );
    expect(hors).toEqual([]);
  });
});
