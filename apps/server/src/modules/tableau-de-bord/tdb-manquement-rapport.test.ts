import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManquementDetail } from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne } from '../../db/lignes';
import { bearer, type TestContext } from '../../test/test-app';
import { ouvrirBureau } from '../../test/bureau.test-helpers';

/**
 * The manquement page's link to the signed audit report of the shortcoming's control: the
 * control's RAPPORT_AUDIT whose sha256 is the recorded fingerprint, never a file added after it.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
let ctx: TestContext, animateur: string, droits: string[];
beforeAll(async () => {
  ({ ctx, animateur, droits } = await ouvrirBureau());
});
afterAll(() => ctx.close());

const avecId = z.object({ id: colonne.texte });
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const get = (url: string, droit?: string) =>
  ctx.app.inject({ url, headers: bearer(animateur, droit) });
const detail = async (id: string) =>
  (await get(`/api/tdb/manquement/${id}`)).json<ManquementDetail>();

/** Stores a report file of the control, as the push does; returns its id. */
async function deposerRapport(controleId: string, contenu: Buffer): Promise<string> {
  const { id } = await ligne(
    ctx.database.db,
    sql`insert into fichier (type_document, file_name, mime_type, taille, sha256, contenu, controle_id)
        values ('RAPPORT_AUDIT', 'rapport.pdf', 'application/pdf', ${contenu.length},
                ${sha256(contenu)}, ${contenu}, ${Number(controleId)})
        returning id::text as id`,
    avecId,
  );
  return id;
}
const noterEmpreinte = (controleId: string, empreinte: string | null) =>
  ctx.database.db.execute(
    sql`update controle set rapport_sha256 = ${empreinte} where id = ${Number(controleId)}`,
  );

describe('GET /api/tdb/manquement/{id}: the signed report', () => {
  it('links the report whose fingerprint was signed, not a later file, and serves it', async () => {
    // A shortcoming of the animateur's first right (Comté) found by a control of its ODG.
    const m = await ligne(
      ctx.database.db,
      sql`select m.id::text as id, m.controle_id::text as "controleId" from manquement m
            join controle c on c.id = m.controle_id
            join droit d on d.organisme_id = c.odg_id and d.id = ${Number(droits.at(0))}
           where m.deleted_at is null and c.deleted_at is null
           order by m.id limit 1`,
      avecId.extend({ controleId: colonne.texte }),
    );
    await noterEmpreinte(m.controleId, null);
    const sans = await detail(m.id);
    expect(sans.controle).not.toBeNull();
    expect(sans.controle?.rapportSigneFichierId).toBeNull();

    const signe = Buffer.from('%PDF-1.4 rapport signé, empreinte imprimée');
    const signeId = await deposerRapport(m.controleId, signe);
    // A file whose fingerprint was never recorded: still no link.
    expect((await detail(m.id)).controle?.rapportSigneFichierId).toBeNull();

    await noterEmpreinte(m.controleId, sha256(signe));
    // Another report stored after the signature (newer id): not the one the office opens.
    await deposerRapport(m.controleId, Buffer.from('%PDF-1.4 rapport ajouté après signature'));
    const avec = await detail(m.id);
    expect(avec.controle?.rapportSigneFichierId).toBe(signeId);

    const fichier = await get(`/api/fichier/${signeId}`);
    expect(fichier.statusCode).toBe(200);
    expect(fichier.headers['content-type']).toBe('application/pdf');
    expect(sha256(fichier.rawPayload)).toBe(sha256(signe));

    // Another right's perimeter sees neither the shortcoming nor the file.
    expect((await get(`/api/tdb/manquement/${m.id}`, droits.at(1))).statusCode).toBe(404);
    expect((await get(`/api/fichier/${signeId}`, droits.at(1))).statusCode).toBe(404);

    // The recorded fingerprint matching no stored file: no link rather than another file.
    await noterEmpreinte(m.controleId, sha256(Buffer.from('absent')));
    expect((await detail(m.id)).controle?.rapportSigneFichierId).toBeNull();
  });

  it('has no report for a manual shortcoming', async () => {
    const m = await ligne(
      ctx.database.db,
      sql`insert into manquement (personne_morale_id, aop_igp_id, point_controle_id, etat, niveau)
          select m.personne_morale_id, m.aop_igp_id, m.point_controle_id, 'EN_COURS', 'MINEUR'
            from manquement m join aop_igp a on a.id = m.aop_igp_id
            join droit d on d.organisme_id = a.odg_id and d.id = ${Number(droits.at(0))}
           order by m.id limit 1
          returning id::text as id`,
      avecId,
    );
    expect((await detail(m.id)).controle).toBeNull();
  });
});
