import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ouvrirBase, type EstiveDb, type ManquementLocal } from '../../../../offline/db';
import {
  aopIgpLocal,
  categorieLocale,
  controleLocal,
  pointControleLocal,
} from '../../../../offline/fixtures.test-helpers';
import type { ManquementPrecedent } from '../types';
import { lireManquementsPrecedents } from './manquementsPrecedents';

/** A shortcoming of the device's feed: EN_COURS of operator op1 on Comté unless told. */
const manquement = (
  m: Pick<ManquementLocal, 'id'> & Partial<ManquementLocal>,
): ManquementLocal => ({
  version: 1,
  controleId: 'ancien',
  aopIgpId: 'comte',
  personneMoraleId: 'op1',
  pointControleId: 'p1',
  etat: 'EN_COURS',
  niveau: 'MAJEUR',
  valeur: null,
  informationsAuditeur: 'Registre absent',
  informationsAudite: null,
  commentaire: null,
  mesureCorrective: 'Tenir le registre',
  delaiSuiviCorrective: '1 mois',
  dateSuiviCorrective: '2026-12-24',
  mesureCorrectrice: null,
  delaiSuiviCorrectrice: null,
  dateSuiviCorrectrice: null,
  dateDerniereEvolution: '2026-10-01T08:00:00.000Z',
  sync: true,
  ...m,
});

/** An entry of a control's `dernierManquements`, as the server printed it when pulled. */
const envoye = (id: string, date = '2026-09-01T08:00:00.000Z'): ManquementPrecedent => ({
  id,
  dateDerniereEvolution: date,
  categorie: 'Alimentation',
  niveau: 'MINEUR',
  pointControleCode: 'A2',
  pointControleLibelle: 'Foin autorisé',
  informationsAuditeur: null,
  informationsAudite: null,
  commentaire: null,
  mesureCorrective: null,
  delaiSuiviCorrective: null,
  dateSuiviCorrective: null,
  mesureCorrectrice: null,
  delaiSuiviCorrectrice: null,
  dateSuiviCorrectrice: null,
});

let base: EstiveDb;
beforeEach(async () => {
  base = ouvrirBase(`test-${crypto.randomUUID()}`);
  await base.categorie.bulkPut([
    categorieLocale({ id: 'c1', libelle: 'Troupeau' }),
    categorieLocale({ id: 'c2', libelle: 'Alimentation' }),
  ]);
  await base.pointcontrole.bulkPut([
    pointControleLocal({ id: 'p1', code: 'T1', libelle: 'Race montbéliarde', categorieId: 'c1' }),
    pointControleLocal({ id: 'p2', code: 'A2', libelle: 'Foin autorisé', categorieId: 'c2' }),
  ]);
});
afterEach(() => base.delete());

/** A visit of operator op1: its Comté control 'v1' and its Morbier control 'v2'. */
const visite = (dernier: ManquementPrecedent[] = []) => [
  controleLocal({ id: 'v1', personneMoraleId: 'op1', dernierManquements: dernier }),
  controleLocal({ id: 'v2', personneMoraleId: 'op1', aopIgp: aopIgpLocal('morbier', 'Morbier') }),
];

describe('lireManquementsPrecedents', () => {
  it("shows the feed's EN_COURS shortcomings of the operator on the visit's labels, with point and category", async () => {
    await base.manquements.bulkPut([
      manquement({ id: '10' }),
      manquement({ id: '11', aopIgpId: 'morbier', pointControleId: 'p2', controleId: null }),
      manquement({ id: '20', personneMoraleId: 'op2' }),
      manquement({ id: '21', aopIgpId: 'bleu-gex' }),
      manquement({ id: '22', etat: 'LEVE' }),
      manquement({ id: '23', etat: 'EN_COURS_OC' }),
      manquement({ id: '24', controleId: 'v1' }),
      manquement({ id: '25', controleId: 'v2', aopIgpId: 'morbier' }),
    ]);
    const precedents = await lireManquementsPrecedents(base, visite());
    expect(precedents.map((m) => m.id).sort()).toEqual(['10', '11']);
    expect(precedents.find((m) => m.id === '10')).toEqual({
      id: '10',
      dateDerniereEvolution: '2026-10-01T08:00:00.000Z',
      categorie: 'Troupeau',
      niveau: 'MAJEUR',
      pointControleCode: 'T1',
      pointControleLibelle: 'Race montbéliarde',
      informationsAuditeur: 'Registre absent',
      informationsAudite: null,
      commentaire: null,
      mesureCorrective: 'Tenir le registre',
      delaiSuiviCorrective: '1 mois',
      dateSuiviCorrective: '2026-12-24',
      mesureCorrectrice: null,
      delaiSuiviCorrectrice: null,
      dateSuiviCorrectrice: null,
    });
    expect(precedents.find((m) => m.id === '11')).toMatchObject({
      pointControleCode: 'A2',
      categorie: 'Alimentation',
    });
  });

  it('lists a shortcoming both sent with the control and in the feed once, the feed version first in date', async () => {
    await base.manquements.bulkPut([
      manquement({ id: '10', dateDerniereEvolution: '2026-11-02T08:00:00.000Z' }),
      manquement({ id: '12', dateDerniereEvolution: '2026-10-15T08:00:00.000Z' }),
    ]);
    const precedents = await lireManquementsPrecedents(
      base,
      visite([envoye('10', '2026-08-01T08:00:00.000Z'), envoye('30')]),
    );
    expect(precedents.map((m) => m.id)).toEqual(['10', '12', '30']);
    // The feed's row is the fresher one: its date and measures replace what was sent.
    expect(precedents[0]).toMatchObject({
      dateDerniereEvolution: '2026-11-02T08:00:00.000Z',
      mesureCorrective: 'Tenir le registre',
      pointControleCode: 'T1',
    });
    // Not in the feed (another perimeter, not pulled yet): kept as the server sent it.
    expect(precedents[2]).toEqual(envoye('30'));
  });

  it('drops a sent shortcoming that the feed shows lifted since', async () => {
    await base.manquements.put(manquement({ id: '10', etat: 'LEVE' }));
    const precedents = await lireManquementsPrecedents(base, visite([envoye('10'), envoye('30')]));
    expect(precedents.map((m) => m.id)).toEqual(['30']);
  });

  it('keeps a shortcoming whose point the device does not hold, with what was sent', async () => {
    await base.manquements.bulkPut([
      manquement({ id: '30', pointControleId: 'inconnu' }),
      manquement({ id: '31', pointControleId: 'inconnu' }),
    ]);
    const precedents = await lireManquementsPrecedents(base, visite([envoye('30')]));
    expect(precedents.find((m) => m.id === '30')).toMatchObject({
      pointControleCode: 'A2',
      categorie: 'Alimentation',
    });
    expect(precedents.find((m) => m.id === '31')).toMatchObject({
      pointControleCode: '',
      categorie: null,
    });
  });
});
