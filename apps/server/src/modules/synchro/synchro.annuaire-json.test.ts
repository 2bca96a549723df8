import { DOCUMENTS_SYNCHRO, pullResponseSchema, type Checkpoint } from '@estive/contracts';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, ligne } from '../../db/lignes';
import {
  activite,
  aopIgp,
  contact,
  fichier,
  habilitation,
  personneMorale,
  site,
} from '../../db/schema';
import { bearer, createTestApp, login, premier, type TestContext } from '../../test/test-app';
import { documentFichier, documentSite } from './documents.presenter';
import { operateurHabilite } from './fixtures.test-helpers';
import { enregistrerSortieDePerimetre } from './tombstones.repository';

/**
 * The directory feed sends JSON text written by PostgreSQL without the route's serialiser. The
 * device must receive exactly what the serialiser would have written for the documents shaped in
 * JS from the tables (the oracle below, independent of the SQL): same bytes, hostile text included.
 */
const schema = pullResponseSchema(DOCUMENTS_SYNCHRO['annuaire-morale']);
const serialiser = serializerCompiler({
  schema,
  method: 'GET',
  url: '/api/synchro/annuaire-morale',
  httpStatus: '200',
});

/** The documents of these operators shaped in JS from the tables, by id. */
async function oracle(db: Database, ids: number[]) {
  if (ids.length === 0) return new Map<string, unknown>();
  const operateurs = await db.select().from(personneMorale).where(inArray(personneMorale.id, ids));
  const habs = await db
    .select({ h: habilitation, a: aopIgp, ac: activite })
    .from(habilitation)
    .innerJoin(aopIgp, eq(aopIgp.id, habilitation.aopIgpId))
    .innerJoin(activite, eq(activite.id, habilitation.activiteId))
    .where(inArray(habilitation.personneMoraleId, ids))
    .orderBy(asc(habilitation.id));
  const fichiersHab = habs.length
    ? await db
        .select()
        .from(fichier)
        .where(
          inArray(
            fichier.habilitationId,
            habs.map((x) => x.h.id),
          ),
        )
        .orderBy(asc(fichier.id))
    : [];
  const sites = await db
    .select()
    .from(site)
    .where(inArray(site.personneMoraleId, ids))
    .orderBy(asc(site.id));
  const contacts = await db
    .select()
    .from(contact)
    .where(inArray(contact.personneMoraleId, ids))
    .orderBy(asc(contact.id));
  const fichiers = await db
    .select()
    .from(fichier)
    .where(
      sql`${inArray(fichier.personneMoraleId, ids)} and ${fichier.typeDocument} in ('DI', 'RAPPORT_AUDIT')`,
    )
    .orderBy(desc(fichier.dateCreation), desc(fichier.id));
  const de = <T extends { personneMoraleId: number | null }>(liste: T[], id: number) =>
    liste.filter((x) => x.personneMoraleId === id);
  return new Map(
    operateurs.map((m) => {
      const sesHabs = habs.filter((x) => x.h.personneMoraleId === m.id);
      return [
        String(m.id),
        {
          ...m,
          id: String(m.id),
          _deleted: false,
          pac: m.pacage,
          isHabilite: sesHabs.some((x) => x.h.statut === 'VALIDEE'),
          habilitations: sesHabs.map(({ h, a, ac }) => ({
            id: String(h.id),
            aopIgp: { id: String(a.id), libelle: a.libelle },
            activite: { id: String(ac.id), libelle: ac.libelle },
            statut: h.statut,
            dateDi: h.dateDi,
            fichiers: fichiersHab.filter((f) => f.habilitationId === h.id).map(documentFichier),
          })),
          sites: de(sites, m.id).map(documentSite),
          contacts: de(contacts, m.id).map((c) => ({ ...c, id: String(c.id) })),
          fichiers: de(fichiers, m.id).map(documentFichier),
        },
      ];
    }),
  );
}

let ctx: TestContext;
let token: string;
let hostile: number;
let supprime: number;
let tombe: number;

beforeAll(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'controleur@estive.test')).accessToken;
  const db = ctx.database.db;
  hostile = Number((await operateurHabilite(db, 1, 0)).personneMoraleId);
  supprime = Number((await operateurHabilite(db, 1, 3)).personneMoraleId);
  const texte = 'Fromagerie "du Pré" \\ \u0001\t\n\u2028\u007f 😀 </script> l’été';
  await db
    .update(personneMorale)
    .set({ raisonSociale: texte, nom: null, latitude: 45.123456789012, longitude: 6.02 })
    .where(eq(personneMorale.id, hostile));
  await db.insert(contact).values({ personneMoraleId: hostile, nom: texte, civilite: null });
  await db
    .update(site)
    .set({ libelle: texte, latitude: -2.5e-3, aopIds: [3, 1] })
    .where(eq(site.personneMoraleId, hostile));
  const h = premier(
    await db.select().from(habilitation).where(eq(habilitation.personneMoraleId, hostile)),
    'habilitation',
  );
  await db.update(habilitation).set({ dateDi: '2024-02-29' }).where(eq(habilitation.id, h.id));
  const fichierDe = (nom: string) => ({
    fileName: nom,
    mimeType: 'application/pdf',
    taille: 3,
    sha256: '0'.repeat(64),
    contenu: Buffer.from('pdf'),
  });
  await db.insert(fichier).values([
    {
      ...fichierDe(`DI "${texte}".pdf`),
      typeDocument: 'DI',
      habilitationId: h.id,
      dateCreation: sql`'2026-03-01 10:20:30.123999+00'::timestamptz`,
    },
    {
      ...fichierDe('audit.pdf'),
      typeDocument: 'RAPPORT_AUDIT',
      personneMoraleId: hostile,
      dateCreation: sql`'2025-12-31 23:59:59.999999+01'::timestamptz`,
    },
    { ...fichierDe('di.pdf'), typeDocument: 'DI', personneMoraleId: hostile },
  ]);
  await db
    .update(personneMorale)
    .set({ deletedAt: new Date() })
    .where(eq(personneMorale.id, supprime));
  // An operator outside the perimeter with a tombstone for everyone: served `_deleted`.
  const dehors = await ligne(
    db,
    sql`select pm.id::int as id from personne_morale pm
         where not exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
                            where h.personne_morale_id = pm.id and a.odg_id = 1)
           and not exists (select 1 from controle c where c.personne_morale_id = pm.id)
         order by pm.id limit 1`,
    z.object({ id: colonne.entier }),
  );
  tombe = dehors.id;
  await db.transaction((tx) =>
    enregistrerSortieDePerimetre(tx, {
      entity: 'annuaire-morale',
      entityIds: [tombe],
      utilisateurIds: null,
    }),
  );
});
afterAll(() => ctx.close());

async function lot(checkpoint: Checkpoint | undefined, batchSize: number) {
  const params = new URLSearchParams({ batchSize: String(batchSize) });
  if (checkpoint) {
    params.set('id', checkpoint.id);
    params.set('lastSync', checkpoint.lastSync);
  }
  const res = await ctx.app.inject({
    url: `/api/synchro/annuaire-morale?${params.toString()}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.body;
}

describe('GET /api/synchro/annuaire-morale (JSON written by PostgreSQL)', () => {
  it('sends, batch after batch, the bytes the route schema would write for the documents', async () => {
    const db = ctx.database.db;
    let checkpoint: Checkpoint | undefined;
    const vus = new Map<string, boolean>();
    for (let lots = 0; ; lots++) {
      const body = await lot(checkpoint, 7);
      const recu = JSON.parse(body) as {
        documents: { id: string; _deleted: boolean }[];
        checkpoint: Checkpoint;
      };
      const docs = await oracle(
        db,
        recu.documents.filter((d) => !d._deleted).map((d) => Number(d.id)),
      );
      const attendu = {
        documents: recu.documents.map((d) =>
          d._deleted ? { id: d.id, _deleted: true } : docs.get(d.id),
        ),
        checkpoint: recu.checkpoint,
      };
      expect(body).toBe(serialiser(attendu));
      for (const d of recu.documents) vus.set(d.id, d._deleted);
      checkpoint = recu.checkpoint;
      if (recu.documents.length < 7) break;
      expect(lots).toBeLessThan(100);
    }
    expect(vus.get(String(hostile))).toBe(false);
    expect(vus.get(String(supprime))).toBe(true);
    expect(vus.get(String(tombe))).toBe(true);
    // Nothing after the last checkpoint.
    expect(await lot(checkpoint, 7)).toBe(serialiser({ documents: [], checkpoint: checkpoint }));
  });

  it('writes numbers PostgreSQL prints in exponent form as the same numbers', async () => {
    const db = ctx.database.db;
    // A longitude on the Greenwich meridian (it crosses France): 1e-7 prints '1e-07' in
    // PostgreSQL and '1e-7' in JavaScript; the device reads the same number.
    await db
      .update(personneMorale)
      .set({ longitude: 1e-7, latitude: -0.00001 })
      .where(eq(personneMorale.id, hostile));
    let checkpoint: Checkpoint | undefined;
    let trouve: unknown;
    for (;;) {
      const recu = JSON.parse(await lot(checkpoint, 200)) as {
        documents: { id: string }[];
        checkpoint: Checkpoint;
      };
      trouve ??= recu.documents.find((d) => d.id === String(hostile));
      checkpoint = recu.checkpoint;
      if (recu.documents.length < 200) break;
    }
    const attendu = JSON.parse(
      serialiser({
        documents: [(await oracle(db, [hostile])).get(String(hostile))],
        checkpoint: { id: '0', lastSync: '' },
      }),
    ) as { documents: unknown[] };
    expect(trouve).toEqual(attendu.documents[0]);
    expect(trouve).toMatchObject({ longitude: 1e-7, latitude: -0.00001 });
  });
});
