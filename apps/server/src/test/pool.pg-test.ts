import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { colonne, ligne } from '../db/lignes';

/**
 * Issue 13 item 1: every connection of the server's pool ends a transaction left idle and a
 * statement that runs away, so that one forgotten transaction cannot hold back every feed behind
 * the snapshot bound. Read from PostgreSQL itself, on connections the pool opened.
 */
let base: DatabaseHandle;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL attendu (projet server-pg)');
  base = await openDatabase({ databaseUrl: url });
});
afterAll(() => base.close());

describe("the server's PostgreSQL pool", () => {
  it('sets idle_in_transaction_session_timeout and statement_timeout on each connection', async () => {
    const lectures = await Promise.all(
      Array.from({ length: 3 }, () =>
        ligne(
          base.db,
          sql`select current_setting('idle_in_transaction_session_timeout') as inactif,
                     current_setting('statement_timeout') as requete`,
          z.object({ inactif: colonne.texte, requete: colonne.texte }),
        ),
      ),
    );
    for (const l of lectures) expect(l).toEqual({ inactif: '1min', requete: '1min' });
  });

  it('a transaction left idle past the timeout is ended by PostgreSQL, and the pool goes on', async () => {
    if (!base.pool) throw new Error('pool PostgreSQL attendu');
    const client = await base.pool.connect();
    // PostgreSQL's goodbye arrives while no query runs: the client says so by an 'error' event.
    const recues: unknown[] = [];
    client.on('error', (e) => recues.push(e));
    let erreur: unknown;
    try {
      await client.query('begin');
      // The server's value is a minute; the same setting, shortened for this one transaction.
      await client.query("set local idle_in_transaction_session_timeout = '200ms'");
      await client.query('select 1');
      await new Promise((r) => setTimeout(r, 1_000));
      await client.query('select 1').catch((e: unknown) => (erreur = e));
    } finally {
      client.release(true);
    }
    const motifs = [erreur, ...recues].map(
      (e) => `${String((e as { code?: string }).code)} ${String(e)}`,
    );
    expect(motifs.join(' | ')).toMatch(/25P03|idle-in-transaction/i);
    expect(await ligne(base.db, sql`select 1 as un`, z.object({ un: colonne.entier }))).toEqual({
      un: 1,
    });
  });
});
