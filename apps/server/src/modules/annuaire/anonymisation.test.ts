import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, premiereLigne } from '../../db/lignes';
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

const ligne = <S extends z.ZodType>(requete: SQL, schema: S) =>
  premiereLigne(ctx.database.db, requete, schema);
const nombre = async (requete: SQL) =>
  Number((await ligne(requete, z.object({ n: colonne.entier })))?.n);

describe('what a forced anonymisation removes and keeps', () => {
  it('removes the DI, the controls to come, the rounds’ and groups’ links; keeps signed reports', async () => {
    // An operator with a programmed control and a finalised one, habilitated on one ODG's label.
    const op = await ligne(
      sql`select p.id::int as id, min(h.id)::int as hab, min(c1.id)::int as prog, min(c2.id)::int as fini,
                 min(c1.odg_id)::int as odg
          from personne_morale p join habilitation h on h.personne_morale_id = p.id
          join controle c1 on c1.personne_morale_id = p.id and c1.statut = 'PROGRAMME' and c1.tournee_id is not null
          join controle c2 on c2.personne_morale_id = p.id and c2.statut = 'REALISE'
          where p.deleted_at is null group by p.id order by p.id limit 1`,
      z.object({
        id: colonne.entier,
        hab: colonne.entier,
        prog: colonne.entier,
        fini: colonne.entier,
        odg: colonne.entier,
      }),
    );
    if (!op) throw new Error('pas d’opérateur avec un contrôle programmé et un réalisé');
    const db = ctx.database.db;
    const di = await ligne(
      sql`insert into fichier
        (type_document, file_name, mime_type, taille, sha256, contenu, personne_morale_id, habilitation_id)
        values ('DI', 'di.pdf', 'application/pdf', 4, 'aa', '\x25504446'::bytea, ${op.id}, ${op.hab})
        returning id::int`,
      z.object({ id: colonne.entier }),
    );
    const rapport = await ligne(
      sql`insert into fichier
        (type_document, file_name, mime_type, taille, sha256, contenu, controle_id)
        values ('RAPPORT_AUDIT', 'rapport.pdf', 'application/pdf', 4, 'bb', '\x25504446'::bytea, ${op.fini})
        returning id::int`,
      z.object({ id: colonne.entier }),
    );
    await db.execute(
      sql`insert into contact (personne_morale_id, nom) values (${op.id}, 'Contact')`,
    );
    await db.execute(sql`insert into panier (odg_id, personne_morale_id) values (${op.odg}, ${op.id})
                         on conflict do nothing`);
    await db.execute(sql`with g as (insert into groupe (libelle, odg_id)
        values ('Groupe de l’anonymisation', ${op.odg}) returning id)
        insert into groupe_membre (groupe_id, personne_morale_id) select id, ${op.id} from g`);
    const droit = await ligne(
      sql`select d.id::int from droit d
        join utilisateur u on u.id = d.utilisateur_id
        where u.login = 'animateur@estive.test' and d.organisme_id = ${op.odg}`,
      z.object({ id: colonne.entier }),
    );
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
    const prog = await ligne(
      sql`select deleted_at is not null as supprime from controle where id = ${op.prog}`,
      z.object({ supprime: colonne.booleen }),
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
    const fini = await ligne(
      sql`select deleted_at is not null as supprime, statut from controle where id = ${op.fini}`,
      z.object({ supprime: colonne.booleen, statut: colonne.texte }),
    );
    expect(fini).toEqual({ supprime: false, statut: 'REALISE' });
    expect((await lire(rapport!.id)).statusCode).toBe(200);

    expect(corps.retire.join('\n')).toMatch(/documents? d’identification/);
    expect(corps.retire.join('\n')).toMatch(/contrôle.* à venir/);
    expect(corps.retire.join('\n')).toMatch(/groupe ne le contient plus/);
    expect(corps.conserve.join('\n')).toMatch(/contrôles? finalisés?.*documents légaux/);
    expect(corps.conserve.join('\n')).toMatch(/rapports? signés?/);
    const journal = await ligne(
      sql`select details from journal_action where entite = 'personne_morale' and entite_id = ${op.id}`,
      z.object({ details: z.object({ retire: colonne.json, conserve: colonne.json }) }),
    );
    expect(journal?.details).toMatchObject({ retire: corps.retire, conserve: corps.conserve });
  });

  it('a person: their data and login erased, the answer says what their signed reports keep', async () => {
    const p = await ligne(
      sql`select u.personne_physique_id::int as id, u.login from utilisateur u
          where u.login = 'controleur2@estive.test'`,
      z.object({ id: colonne.entier, login: colonne.texte }),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/personne-physique/anonymisation/${String(p?.id)}?force=true`,
      headers: bearer(cnaol),
    });
    expect(res.statusCode, res.body).toBe(200);
    const corps = res.json<{ retire: string[]; conserve: string[] }>();
    expect(corps.retire.join('\n')).toMatch(/Compte fermé/);
    const compte = await ligne(
      sql`select login, actif from utilisateur where personne_physique_id = ${p?.id}`,
      z.object({ login: colonne.texte, actif: colonne.booleen }),
    );
    expect(compte?.actif).toBe(false);
    expect(compte?.login).toMatch(/@anonyme\.invalid$/);
    const journal = await ligne(
      sql`select details from journal_action where entite = 'personne_physique' and entite_id = ${p?.id}`,
      z.object({ details: z.object({ conserve: colonne.json }) }),
    );
    expect(journal?.details.conserve).toEqual(corps.conserve);
  });
});
