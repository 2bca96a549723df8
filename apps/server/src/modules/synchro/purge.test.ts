import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, lignes, ligne, premiereLigne } from '../../db/lignes';
import { sha256Hex } from '../../lib/hash';
import {
  controleConflit,
  frontLog,
  syncInbox,
  syncInboxFichier,
  syncTombstone,
} from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/test-app';
import { demarrerPurgePeriodique } from './purge.job';
import { purger } from './purge.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const jours = (n: number) => new Date(Date.now() - n * 86_400_000);

describe('purge of tombstones (90 days) and device logs (8 days)', () => {
  it('deletes only what is past its retention, by the server clock', async () => {
    const { db } = ctx.database;
    await db.insert(syncTombstone).values(
      [91, 89].map((age) => ({
        entity: 'controle',
        entityId: age,
        utilisateurId: null,
        changeXid: sql`pg_current_xact_id()`,
        createdAt: jours(age),
      })),
    );
    await db.insert(frontLog).values(
      [9, 7].map((age) => ({
        clientId: `age-${age}`,
        source: 'test',
        logs: '…',
        // The device's own clock says "today" for both: it does not decide.
        creation: new Date(),
        createdAt: jours(age),
      })),
    );
    expect(await purger(db)).toMatchObject({ tombstones: 1, journaux: 1 });
    const restants = await lignes(
      db,
      sql`select entity_id from sync_tombstone`,
      z.object({ entity_id: colonne.entier }),
    );
    expect(restants.map((r) => r.entity_id)).toEqual([89]);
    const logs = await lignes(
      db,
      sql`select client_id from front_log`,
      z.object({ client_id: colonne.texte }),
    );
    expect(logs.map((r) => r.client_id)).toEqual(['age-7']);
    expect(await purger(db)).toMatchObject({ tombstones: 0, journaux: 0 });
  });

  it('deletes inbox files that never became a control file, after 90 days, unless the office still has them to settle', async () => {
    const { db } = ctx.database;
    const ligneId = z.object({ id: colonne.entier });
    const u = await premiereLigne(db, sql`select id from utilisateur limit 1`, ligneId);
    const stocke = await premiereLigne(
      db,
      sql`select sha256 from fichier limit 1`,
      z.object({ sha256: colonne.texte }),
    );
    const c = await premiereLigne(db, sql`select id from controle limit 1`, ligneId);
    if (!u || !stocke || !c) throw new Error('données de démonstration absentes');
    const entree = async (age: number) => {
      const [row] = await db
        .insert(syncInbox)
        .values({ utilisateurId: u.id, kind: 'controle', payload: {}, receivedAt: jours(age) })
        .returning({ id: syncInbox.id });
      return row!.id;
    };
    const fichierRecu = async (inboxId: number, nom: string, sha256 = sha256Hex(nom)) => {
      await db.insert(syncInboxFichier).values({
        inboxId,
        fileName: nom,
        mimeType: 'application/pdf',
        taille: 3,
        sha256,
        contenu: Buffer.from(nom),
      });
    };
    const vieille = await entree(91);
    await fichierRecu(vieille, 'rejete-vieux');
    await fichierRecu(vieille, 'accepte-vieux', stocke.sha256);
    await fichierRecu(await entree(89), 'rejete-recent');
    const enConflit = await entree(120);
    await fichierRecu(enConflit, 'rejete-conflit-ouvert');
    const conflitResolu = await entree(120);
    await fichierRecu(conflitResolu, 'rejete-conflit-resolu');
    for (const [inboxId, resoluLe] of [
      [enConflit, null],
      [conflitResolu, jours(100)],
    ] as const) {
      await db.insert(controleConflit).values({
        controleId: c.id,
        inboxId,
        baseVersion: 1,
        versionServeur: 2,
        motif: 'REAFFECTE',
        saisie: {},
        resoluLe,
      });
    }

    // Outside the purge, the inbox is still append-only.
    await expect(db.delete(syncInboxFichier)).rejects.toThrow();

    expect(await purger(db)).toMatchObject({ fichiersRejetes: 2 });
    const restants = await lignes(
      db,
      sql`select file_name from sync_inbox_fichier where file_name like '%-%' order by file_name`,
      z.object({ file_name: colonne.texte }),
    );
    expect(restants.map((r) => r.file_name)).toEqual([
      'accepte-vieux',
      'rejete-conflit-ouvert',
      'rejete-recent',
    ]);
    // The entries themselves (the JSON a device sent) stay.
    const { n } = await ligne(
      db,
      sql`select count(*)::int as n from sync_inbox where id in (${vieille}, ${conflitResolu})`,
      z.object({ n: colonne.entier }),
    );
    expect(n).toBe(2);
    expect(await purger(db)).toMatchObject({ fichiersRejetes: 0 });
  });

  it('runs in one process of the cluster at a time (advisory lock)', async () => {
    const { db } = ctx.database;
    if (ctx.database.kind === 'postgres') {
      // Another process holds the lock: this one skips its run.
      let liberer!: () => void;
      const attente = new Promise<void>((r) => (liberer = r));
      let tenu!: () => void;
      const verrouTenu = new Promise<void>((r) => (tenu = r));
      const autre = db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${0x657374_01})`);
        tenu();
        await attente;
      });
      await verrouTenu;
      expect(await purger(db)).toBeNull();
      liberer();
      await autre;
    } else {
      // One connection cannot hold the lock elsewhere; the lock is transaction-scoped, so a
      // run never leaves it behind and the next run gets it.
      expect(await purger(db)).not.toBeNull();
    }
    expect(await purger(db)).not.toBeNull();
  });

  it('the periodic job runs the purge and stops cleanly', async () => {
    const { db } = ctx.database;
    await db.insert(frontLog).values({
      clientId: 'vieux',
      source: 'test',
      logs: '…',
      creation: new Date(),
      createdAt: jours(30),
    });
    const infos: unknown[] = [];
    const log = { info: (o: unknown) => infos.push(o), error: (o: unknown) => infos.push(o) };
    const arreter = demarrerPurgePeriodique(db, log, 20);
    await expect.poll(() => infos.length, { timeout: 5000 }).toBeGreaterThan(0);
    arreter();
    expect(infos[0]).toEqual({ purge: { tombstones: 0, journaux: 1, fichiersRejetes: 0 } });
  });
});
