import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ouvrirBase, SCHEMA_V1, type EstiveDb } from './db';
import { controleLocal, operateurLocal } from './fixtures.test-helpers';

const COLLECTIONS_SPEC = [
  'annuaire',
  'manquements',
  'tournees',
  'controles',
  'groupesysexp',
  'pointsysexp',
  'categorie',
  'categorieactivite',
  'activiteaop',
  'pointcontrole',
  'pointcontroleaop',
  'organismecertificateur',
  'referentiels',
  'frontlogs',
];

let base: EstiveDb;
afterEach(() => base.delete());

describe('estive database, version 1', () => {
  it('holds every local collection of spec part 2 §3, plus meta and fichiers', async () => {
    base = ouvrirBase(`test-${crypto.randomUUID()}`);
    await base.open();
    expect(base.verno).toBe(1);
    expect(base.tables.map((t) => t.name).sort()).toEqual(
      [...COLLECTIONS_SPEC, 'fichiers', 'meta'].sort(),
    );
    expect(Object.keys(SCHEMA_V1)).toHaveLength(16);
  });

  it('finds unsynced controls and operators by their indexes', async () => {
    base = ouvrirBase(`test-${crypto.randomUUID()}`);
    await base.controles.bulkPut([
      controleLocal({ id: '1', tourneeId: 't', statut: 'EN_COURS', sync: false }),
      controleLocal({ id: '2', tourneeId: 't', statut: 'PROGRAMME', sync: true }),
    ]);
    await base.annuaire.put(
      operateurLocal({
        id: '9',
        siret: '12345678901234',
        raisonSociale: 'GAEC du Mont',
        codePostal: '25300',
        ville: 'Pontarlier',
      }),
    );
    expect(await base.controles.where('statut').equals('EN_COURS').count()).toBe(1);
    expect(await base.controles.where('tourneeId').equals('t').count()).toBe(2);
    expect((await base.annuaire.where('codePostal').startsWith('25').first())?.raisonSociale).toBe(
      'GAEC du Mont',
    );
  });
});
