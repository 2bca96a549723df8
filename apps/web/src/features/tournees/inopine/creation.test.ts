import { describe, expect, it } from 'vitest';
import type { OperateurAnnuaire } from '../types';
import {
  appellationParDefaut,
  construireControlesInopines,
  labelsHabilites,
  prochainNumeroLocal,
  type ContexteInopine,
} from './creation';

const fichier = (id: string, typeDocument: 'DI' | 'RAPPORT_AUDIT', dateCreation: string) => ({
  id,
  fileName: `${id}.pdf`,
  typeDocument,
  dateCreation,
});

const site = (id: string, siege: boolean, aopIds: string[]) => ({
  id,
  libelle: `Site ${id}`,
  ede: null,
  siege,
  adresse1: null,
  adresse2: null,
  adresse3: null,
  codePostal: '25000',
  ville: 'Besançon',
  latitude: null,
  longitude: null,
  debutUtilisation: null,
  finUtilisation: null,
  telephone: null,
  mail: null,
  aopIds,
});

const habilitation = (aop: string, statut: 'VALIDEE' | 'EN_COURS') => ({
  id: `h-${aop}`,
  aopIgp: { id: aop, libelle: aop === '1' ? 'Comté' : 'Morbier' },
  activite: { id: 'a', libelle: 'Producteur de lait' },
  statut,
  dateDi: null,
  fichiers: [fichier(`di-${aop}`, 'DI', '2025-01-01')],
});

const operateur = {
  id: 'op1',
  raisonSociale: 'GAEC des Sapins',
  sites: [site('s1', false, ['1']), site('s2', true, [])],
  habilitations: [habilitation('1', 'VALIDEE'), habilitation('2', 'EN_COURS')],
  fichiers: [
    fichier('ra-old', 'RAPPORT_AUDIT', '2024-01-01'),
    fichier('ra', 'RAPPORT_AUDIT', '2025-06-01'),
  ],
} as unknown as OperateurAnnuaire;

describe('unannounced inspection', () => {
  it('numbers local ids above 500000', () => {
    expect(prochainNumeroLocal(undefined)).toBe(500_001);
    expect(prochainNumeroLocal(500_007)).toBe(500_008);
    expect(prochainNumeroLocal(12)).toBe(500_001);
  });

  it('offers only the labels of VALIDEE habilitations', () => {
    expect(labelsHabilites(operateur)).toEqual([{ id: '1', libelle: 'Comté' }]);
    // Another ODG's label of an operator in both perimeters is not this device's to control.
    expect(labelsHabilites(operateur, new Set(['7']))).toEqual([]);
    expect(labelsHabilites(operateur, new Set(['1', '7']))).toEqual([
      { id: '1', libelle: 'Comté' },
    ]);
  });

  it('preselects the headquarters and the latest DI and audit report', () => {
    expect(appellationParDefaut(operateur, '1')).toEqual({
      aopIgpId: '1',
      siteIds: ['s2'],
      activiteAopIgpIds: [],
      fichierIds: ['di-1', 'ra'],
    });
  });

  it('creates one EN_COURS INIT_CIBLE_INO control per label, to be created by the next sync', () => {
    const contexte: ContexteInopine = {
      operateur,
      odgRef: { id: 'odg', raisonSociale: 'CIGC' } as ContexteInopine['odgRef'],
      aopIgp: (id, libelle) => ({
        id,
        libelle,
        type: 'AOP',
        migre: false,
        graviteColLabel: 'Gravité',
      }),
      organisme: () => null,
      referentiels: () => [{ id: 'r', libelle: 'Cahier des charges', actif: true }],
    };
    const [c, ...autres] = construireControlesInopines(
      {
        date: '2026-11-24',
        heure: '09:05',
        appellations: [
          { aopIgpId: '1', siteIds: ['s1'], activiteAopIgpIds: ['aa1'], fichierIds: ['ra'] },
        ],
      },
      contexte,
      [{ id: 'local-500001', clientUuid: 'uuid-1', numeroRapport: '4021' }],
      7,
    );
    expect(autres).toHaveLength(0);
    expect(c).toMatchObject({
      id: 'local-500001',
      clientUuid: 'uuid-1',
      numeroRapport: '4021',
      date: '2026-11-24T08:05:00.000Z',
      personneMoraleId: 'op1',
      aopIgp: { id: '1', libelle: 'Comté' },
      niveau: 'INIT_CIBLE_INO',
      statut: 'EN_COURS',
      etapeSaisie: 1,
      toCreate: true,
      sync: false,
      activiteAopIgpIds: ['aa1'],
      fichierIds: ['ra'],
      tourneeId: null,
    });
    expect(c!.sites.map((s) => s.id)).toEqual(['s1']);
    expect(c!.fichiers.map((f) => f.id)).toEqual(['ra']);
  });

  it('keeps the server id and version when the server created the control first', () => {
    const contexte = {
      operateur,
      odgRef: { id: 'odg' },
      aopIgp: (id: string, libelle: string) => ({ id, libelle }),
      organisme: () => null,
      referentiels: () => [],
    } as unknown as ContexteInopine;
    const [c] = construireControlesInopines(
      {
        date: '2026-11-24',
        heure: '09:05',
        appellations: [
          { aopIgpId: '1', siteIds: ['s1'], activiteAopIgpIds: ['aa1'], fichierIds: [] },
        ],
      },
      contexte,
      [{ id: '812', clientUuid: 'uuid-1', version: 1, numeroRapport: '812' }],
      7,
    );
    expect(c).toMatchObject({ id: '812', version: 1, toCreate: false, sync: true });
  });
});
