import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { colonne, lignes } from './lignes';
import { describe, expect, it } from 'vitest';
import { personneMorale } from './schema';
import { baseDuFichier } from '../test/test-app';

const database = baseDuFichier();

const rows = <S extends z.ZodType>(query: SQL, schema: S) => lignes(database().db, query, schema);

describe('migrations', () => {
  it('apply a second time without error or change (the journal records them)', async () => {
    const before = await rows(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      z.object({ n: colonne.entier }),
    );
    await database().migrate();
    const after = await rows(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      z.object({ n: colonne.entier }),
    );
    expect(after).toEqual(before);
    expect(before[0]!.n).toBeGreaterThan(25);
  });

  it('install the pg_trgm and unaccent extensions', async () => {
    const ext = await rows(
      sql`select extname from pg_extension order by extname`,
      z.object({ extname: colonne.texte }),
    );
    expect(ext.map((e) => e.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
  });
});

describe('synchronised tables', () => {
  it('bump version and change_xid on update, in the writing transaction', async () => {
    const [before] = await database().db.select().from(personneMorale).limit(1);
    const updated = await database().db.transaction(async (tx) => {
      const [xid] = await lignes(
        tx,
        sql`select pg_current_xact_id()::text as xid`,
        z.object({ xid: colonne.texte }),
      );
      const [row] = await tx
        .update(personneMorale)
        .set({ telephone1: '0381818181' })
        .where(sql`id = ${before!.id}`)
        .returning();
      return { row: row, xid: xid!.xid };
    });
    expect(updated.row!.version).toBe(before!.version + 1);
    expect(updated.row!.changeXid).toBe(updated.xid);
  });

  it('touch the operator when one of its sites changes, so the directory feed serves it again', async () => {
    const [op] = await rows(
      sql`select id, change_xid::text from personne_morale order by id limit 1`,
      z.object({ id: colonne.entier, change_xid: colonne.texte }),
    );
    await database().db.execute(
      sql`update site set libelle = libelle || ' ' where personne_morale_id = ${op!.id}`,
    );
    const [after] = await rows(
      sql`select change_xid::text from personne_morale where id = ${op!.id}`,
      z.object({ change_xid: colonne.texte }),
    );
    expect(BigInt(after!.change_xid)).toBeGreaterThan(BigInt(op!.change_xid));
  });

  it('keep the sync inbox append-only', async () => {
    await database().db.execute(
      sql`insert into sync_inbox (utilisateur_id, kind, payload) select id, 'frontlogs', '{}'::jsonb from utilisateur limit 1`,
    );
    await expect(
      database().db.execute(sql`update sync_inbox set kind = 'morale'`),
    ).rejects.toThrow();
    await expect(database().db.execute(sql`delete from sync_inbox`)).rejects.toThrow();
  });

  it('keep the action journal append-only: no update, delete nor truncate', async () => {
    const [ligne] = await rows(
      sql`insert into journal_action (utilisateur_id, action, entite, entite_id, details)
          select id, 'ANONYMISATION', 'personne_morale', 1, '{}'::jsonb from utilisateur limit 1
          returning id::text`,
      z.object({ id: colonne.texte }),
    );
    // Drizzle wraps the driver's error: the trigger's message is on its cause.
    const refus = async (requete: SQL) => {
      const e = await database()
        .db.execute(requete)
        .then(
          () => null,
          (x: unknown) => x,
        );
      const cause = e instanceof Error ? e.cause : null;
      return `${e instanceof Error ? e.message : ''} ${cause instanceof Error ? cause.message : ''}`;
    };
    const id = Number(ligne?.id);
    expect(await refus(sql`update journal_action set action = 'RIEN' where id = ${id}`)).toContain(
      'journal_action is append-only',
    );
    expect(await refus(sql`delete from journal_action where id = ${id}`)).toContain(
      'journal_action is append-only',
    );
    expect(await refus(sql`truncate journal_action`)).toContain('journal_action is append-only');
    const [apres] = await rows(
      sql`select action from journal_action where id = ${id}`,
      z.object({ action: colonne.texte }),
    );
    expect(apres?.action).toBe('ANONYMISATION');
  });

  it('refuse a file over 5,000,000 bytes', async () => {
    await expect(
      database().db.execute(
        sql`insert into fichier (type_document, file_name, mime_type, taille, sha256, contenu) values ('DI', 'x.pdf', 'application/pdf', 5000001, 'x', '\\x00')`,
      ),
    ).rejects.toThrow();
  });
});
