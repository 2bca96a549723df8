import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ouvrirBase, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, type EstiveDb } from './db';
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

describe('estive database, version 3', () => {
  it('holds every local collection of spec part 2 §3, plus meta and fichiers', async () => {
    base = ouvrirBase(`test-${crypto.randomUUID()}`);
    await base.open();
    expect(base.verno).toBe(3);
    expect(base.tables.map((t) => t.name).sort()).toEqual(
      [...COLLECTIONS_SPEC, 'fichiers', 'meta'].sort(),
    );
    expect(Object.keys(SCHEMA_V2)).toEqual(Object.keys(SCHEMA_V1));
    expect(SCHEMA_V3).toEqual(SCHEMA_V2);
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
    expect((await base.annuaire.orderBy('raisonSociale').first())?.siret).toBe('12345678901234');
  });

  it('opens a version 1 device store with its data: unsynced work and the directory kept', async () => {
    const nom = `test-${crypto.randomUUID()}`;
    const v1 = new Dexie(nom);
    v1.version(1).stores(SCHEMA_V1);
    await v1.table('annuaire').bulkPut([
      operateurLocal({ id: '2', siret: '22222222200012', raisonSociale: 'Fruitière de Mouthe' }),
      operateurLocal({
        id: '1',
        siret: '11111111100011',
        raisonSociale: 'EARL des Granges',
        sync: false,
      }),
    ]);
    await v1.table('controles').put(controleLocal({ id: 'local-1', sync: false }));
    v1.close();

    base = ouvrirBase(nom);
    await base.open();
    expect(base.verno).toBe(3);
    expect(base.annuaire.schema.indexes.map((i) => i.name)).toEqual(['raisonSociale']);
    expect((await base.annuaire.orderBy('raisonSociale').toArray()).map((o) => o.id)).toEqual([
      '1',
      '2',
    ]);
    expect((await base.annuaire.get('1'))?.sync).toBe(false);
    expect((await base.controles.get('local-1'))?.sync).toBe(false);
  });
});
