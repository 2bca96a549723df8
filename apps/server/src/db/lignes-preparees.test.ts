import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseDuFichier } from '../test/test-app';
import { colonne, lignes, lignesPreparees } from './lignes';
import { criteres, operateursCorrespondants } from './mots-operateurs';

const database = baseDuFichier();
const db = () => database().db;
const ligneOperateur = z.object({ id: colonne.entier, raison_sociale: colonne.texte });

describe('lignesPreparees: a named statement, planned once per connection', () => {
  it('answers the same rows as an unnamed run, with each text under its own name', async () => {
    const requete = (mot: string) =>
      sql`select * from (${operateursCorrespondants([1, 0], criteres(mot))}) as m order by raison_sociale, id`;
    for (const mot of ['gaec', 'Fruitière', 'zzzzqq']) {
      const attendues = await lignes(db(), requete(mot), ligneOperateur);
      // Run more than five times: PostgreSQL then weighs the generic plan against the custom ones.
      for (let i = 0; i < 7; i++) {
        expect(await lignesPreparees(db(), requete(mot), ligneOperateur)).toEqual(attendues);
      }
    }
    // Another shape of text (two words) is another statement, not an error on the same name.
    const deux = sql`select * from (${operateursCorrespondants([1, 0], criteres('gaec doubs'))}) as m`;
    expect(await lignesPreparees(db(), deux, ligneOperateur)).toEqual(
      await lignes(db(), deux, ligneOperateur),
    );
  });

  it('keeps a generic plan on PostgreSQL: the typed word is a parameter of an index range', async () => {
    const requete = sql`select /* plan générique */ * from (${operateursCorrespondants([1, 0], criteres('gaec'))}) as m`;
    // One connection (a transaction), so that its prepared statements can be read from it.
    const plans = await db().transaction(async (tx) => {
      for (let i = 0; i < 8; i++) await lignesPreparees(tx, requete, ligneOperateur);
      return lignes(
        tx,
        sql`select generic_plans::int as generiques, custom_plans::int as sur_mesure
              from pg_prepared_statements where statement like '%plan générique%'`,
        z.object({ generiques: colonne.entier, sur_mesure: colonne.entier }),
      );
    });
    if (database().kind === 'pglite') {
      // PGlite's driver prepares nothing by name: the same text ran unnamed.
      expect(plans).toEqual([]);
      return;
    }
    expect(plans).toHaveLength(1);
    // Five custom plans, then the generic one for every run after (not planned again).
    expect(plans[0]?.generiques).toBeGreaterThanOrEqual(3);
  });
});
