import { describe, expect, it } from 'vitest';
import { champFormulaire, inopineSchema } from './schema';

describe('unannounced form', () => {
  it.each([
    ['date.42', 'date'],
    ['controles.0.siteId', 'appellations.0.siteIds'],
    ['controles.1.activiteAopIgpIds', 'appellations.1.activiteAopIgpIds'],
    ['controles.2.documents', 'appellations.2.fichierIds'],
    ['controles.0.niveau', 'appellations'],
    ['controles.0.aopIgpId', 'appellations'],
  ])('server field %s goes to %s', (serveur, formulaire) => {
    expect(champFormulaire(serveur)).toBe(formulaire);
  });

  const valide = {
    date: '2026-11-24',
    heure: '09:05',
    appellations: [{ aopIgpId: '1', siteIds: ['s'], activiteAopIgpIds: ['a'], fichierIds: [] }],
  };
  const messages = (v: unknown) =>
    inopineSchema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('accepts a complete draft', () => {
    expect(messages(valide)).toEqual([]);
  });

  it('refuses Sundays, odd minutes and missing choices with the spec messages', () => {
    expect(
      messages({
        date: '2026-11-29',
        heure: '09:03',
        appellations: [{ aopIgpId: '1', siteIds: [], activiteAopIgpIds: [], fichierIds: [] }],
      }),
    ).toEqual([
      'date: Contrôle impossible le dimanche',
      expect.stringMatching(/^heure: /),
      'appellations.0.siteIds: Ce champ est obligatoire',
      'appellations.0.activiteAopIgpIds: Ce champ est obligatoire',
    ]);
    expect(messages({ ...valide, appellations: [] })).toEqual([
      'appellations: Ce champ est obligatoire',
    ]);
  });
});
