import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { ouvrirBureau } from '../../test/bureau.test-helpers';
import { bearer, type TestContext } from '../../test/test-app';

/**
 * Issue 28 item 3 (c): a forced anonymisation leaves nothing that names the operator where the
 * office or a device can still read it — its DI files, its controls still to be made, its place in
 * rounds, baskets and groups, its contacts — and says what it kept (signed reports, finalised
 * controls and their shortcomings: legal records) in its answer and in the journal.
 */
let ctx: TestContext, animateur: string, cnaol: string;
beforeAll(async () => {
  ({ ctx, animateur, cnaol } = await ouvrirBureau());
}, 120_000);
afterAll(() => ctx.close());

const ligne = async <T>(requete: ReturnType<typeof sql>) =>
  (await queryRows<T>(ctx.database.db, requete))[0];
const nombre = async (requete: ReturnType<typeof sql>) =>
  Number((await ligne<{ n: string | number }>(requete))?.n);

describe('what a forced anonymisation removes and keeps', () => {
  it('removes the DI, the controls to come, the rounds’ and groups’ links; keeps signed reports', async () => {
    // An operator with a programmed control and a finalised one, habilitated on one ODG's label.
    const op = await ligne<{ id: number; hab: number; prog: number; fini: number; odg: number }>(
      sql`select p.id::int as id, min(h.id)::int as hab, min(c1.id)::int as prog, min(c2.id)::int as fini,
                 min(c1.odg_id)::int as odg
          from personne_morale p join habilitation h on h.personne_morale_id = p.id
          join controle c1 on c1.personne_morale_id = p.id and c1.statut = 'PROGRAMME' and c1.tournee_id is not null
          join controle c2 on c2.personne_morale_id = p.id and c2.statut = 'REALISE'
          where p.deleted_at is null group by p.id order by p.id limit 1`,
    );
    if (!op) throw new Error('pas d’opérateur avec un contrôle programmé et un réalisé');
    const db = ctx.database.db;
    const di = await ligne<{ id: number }>(sql`insert into fichier
        (type_document, file_name, mime_type, taille, sha256, contenu, personne_morale_id, habilitation_id)
        values ('DI', 'di.pdf', 'application/pdf', 4, 'aa', '\x25504446'::bytea, ${op.id}, ${op.hab})
        returning id::int`);
    const rapport = await ligne<{ id: number }>(sql`insert into fichier
        (type_document, file_name, mime_type, taille, sha256, contenu, controle_id)
        values ('RAPPORT_AUDIT', 'rapport.pdf', 'application/pdf', 4, 'bb', '\x25504446'::bytea, ${op.fini})
        returning id::int`);
    await db.execute(
      sql`insert into contact (personne_morale_id, nom) values (${op.id}, 'Contact')`,
    );
    await db.execute(sql`insert into panier (odg_id, personne_morale_id) values (${op.odg}, ${op.id})
                         on conflict do nothing`);
    await db.execute(sql`with g as (insert into groupe (libelle, odg_id)
        values ('Groupe de l’anonymisation', ${op.odg}) returning id)
        insert into groupe_membre (groupe_id, personne_morale_id) select id, ${op.id} from g`);
    const droit = await ligne<{ id: number }>(sql`select d.id::int from droit d
        join utilisateur u on u.id = d.utilisateur_id
        where u.login = 'animateur@estive.test' and d.organisme_id = ${op.odg}`);
    const lire = (id: number) =>
      ctx.app.inject({ url: `/api/fichier/${id}`, headers: bearer(animateur, String(droit?.id)) });
    expect((await lire(di!.id)).statusCode).toBe(200);

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/personne-morale/anonymisation/${op.id}?force=true`,
      headers: bearer(cnaol),
    });
    expect(res.statusCode, res.body).toBe(200);
    const corps = res.json<{ retire: string[]; conserve: string[] }>();

    expect((await lire(di!.id)).statusCode, 'DI servie après anonymisation').toBe(404);
    expect(await nombre(sql`select count(*) as n from fichier where id = ${di!.id}`)).toBe(0);
    const prog = await ligne<{ supprime: boolean }>(
      sql`select deleted_at is not null as supprime from controle where id = ${op.prog}`,
    );
    expect(prog?.supprime, 'contrôle programmé').toBe(true);
    expect(
      await nombre(sql`select count(*) as n from tournee_operateur o where o.personne_morale_id = ${op.id}
        and not exists (select 1 from controle c where c.tournee_id = o.tournee_id
                         and c.personne_morale_id = ${op.id} and c.deleted_at is null)`),
    ).toBe(0);
    for (const table of ['contact', 'panier', 'groupe_membre'])
      expect(
        await nombre(
          sql`select count(*) as n from ${sql.identifier(table)} where personne_morale_id = ${op.id}`,
        ),
        table,
      ).toBe(0);
    // Kept: the finalised control, its signed report, its shortcomings.
    const fini = await ligne<{ supprime: boolean; statut: string }>(
      sql`select deleted_at is not null as supprime, statut from controle where id = ${op.fini}`,
    );
    expect(fini).toEqual({ supprime: false, statut: 'REALISE' });
    expect((await lire(rapport!.id)).statusCode).toBe(200);

    expect(corps.retire.join('\n')).toMatch(/documents? d’identification/);
    expect(corps.retire.join('\n')).toMatch(/contrôle.* à venir/);
    expect(corps.retire.join('\n')).toMatch(/groupe ne le contient plus/);
    expect(corps.conserve.join('\n')).toMatch(/contrôles? finalisés?.*documents légaux/);
    expect(corps.conserve.join('\n')).toMatch(/rapports? signés?/);
    const journal = await ligne<{ details: { retire: unknown; conserve: unknown } }>(
      sql`select details from journal_action where entite = 'personne_morale' and entite_id = ${op.id}`,
    );
    expect(journal?.details).toMatchObject({ retire: corps.retire, conserve: corps.conserve });
  });

  it('a person: their data and login erased, the answer says what their signed reports keep', async () => {
    const p = await ligne<{ id: number; login: string }>(
      sql`select u.personne_physique_id::int as id, u.login from utilisateur u
          where u.login = 'controleur2@estive.test'`,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/personne-physique/anonymisation/${String(p?.id)}?force=true`,
      headers: bearer(cnaol),
    });
    expect(res.statusCode, res.body).toBe(200);
    const corps = res.json<{ retire: string[]; conserve: string[] }>();
    expect(corps.retire.join('\n')).toMatch(/Compte fermé/);
    const compte = await ligne<{ login: string; actif: boolean }>(
      sql`select login, actif from utilisateur where personne_physique_id = ${p?.id}`,
    );
    expect(compte?.actif).toBe(false);
    expect(compte?.login).toMatch(/@anonyme\.invalid$/);
    const journal = await ligne<{ details: { conserve: unknown } }>(
      sql`select details from journal_action where entite = 'personne_physique' and entite_id = ${p?.id}`,
    );
    expect(journal?.details.conserve).toEqual(corps.conserve);
  });
});
