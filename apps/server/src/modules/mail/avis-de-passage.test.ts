import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colonne, lignes } from '../../db/lignes';
import { createTestApp, premier, type TestContext } from '../../test/test-app';
import { entetes, odg } from '../comptes/comptes.test-helpers';
import { serveurSmtp, sujetDe, texteDe } from './smtp.test-helpers';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof serveurSmtp>>;

beforeAll(async () => {
  smtp = await serveurSmtp();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await smtp.fermer();
});

const envoyer = (id: number | string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/mail/avis-de-passage/${String(id)}`, headers });

describe('avis de passage by mail', () => {
  it('reaches the operator of a programmed control of the perimeter, with date, label and controller', async () => {
    const comte = await odg(ctx, 'comte');
    const rows = await lignes(
      ctx.database.db,
      sql`select id, personne_morale_id as pm from controle
          where odg_id = ${comte.id} and statut = 'PROGRAMME' and controleur_id is not null order by id limit 1`,
      z.object({ id: colonne.entier, pm: colonne.entier }),
    );
    const controle = premier(rows, 'contrôle programmé');
    await ctx.database.db.execute(
      sql`update personne_morale set mail = 'fromagerie@avis.test' where id = ${controle.pm}`,
    );
    const animateur = await entetes(ctx, 'animateur@estive.test', comte.id);
    const res = await envoyer(controle.id, animateur);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      resultat: 'ENVOYE',
      message: "L'avis de passage a été envoyé à l'opérateur",
    });
    const recu = smtp.recus.at(-1);
    expect(recu?.a).toEqual(['fromagerie@avis.test']);
    expect(sujetDe(recu?.brut ?? '')).toMatch(/^Avis de passage du \d{2}\/\d{2}\/\d{4}$/);
    expect(texteDe(recu?.brut ?? '')).toMatch(
      /vous informe du passage de \S+ \S+ le \d{2}\/\d{2}\/\d{4}/,
    );

    // Another perimeter's control is not found; an operator without mail is said so.
    const auvergne = await entetes(ctx, 'cnaol@estive.test', (await odg(ctx, 'auvergne')).id);
    expect((await envoyer(controle.id, auvergne)).statusCode).toBe(404);
    await ctx.database.db.execute(
      sql`update personne_morale set mail = null where id = ${controle.pm}`,
    );
    const sans = await envoyer(controle.id, animateur);
    expect(sans.statusCode).toBe(409);
    expect(sans.json<{ message: string }>().message).toBe("L'opérateur n'a pas d'adresse mail");
    const controleur = await entetes(ctx, 'controleur@estive.test', comte.id);
    expect((await envoyer(controle.id, controleur)).statusCode).toBe(403);
  });

  it('names every label of the visit, and waits for the round to be finalised (issue 32)', async () => {
    const comte = await odg(ctx, 'comte');
    const animateur = await entetes(ctx, 'animateur@estive.test', comte.id);
    // A visit of two labels: a second label's control at the same instant of the same round.
    const [c] = await lignes(
      ctx.database.db,
      sql`select c.id, c.personne_morale_id as pm, c.tournee_id as t from controle c
          join tournee r on r.id = c.tournee_id
          where c.odg_id = ${comte.id} and c.statut = 'PROGRAMME' and r.statut <> 'PREPARATION'
            and exists (select 1 from aop_igp a where a.odg_id = ${comte.id} and a.id <> c.aop_igp_id)
          order by c.id limit 1`,
      z.object({ id: colonne.entier, pm: colonne.entier, t: colonne.entier }),
    );
    const visite = premier(c ? [c] : [], 'contrôle programmé finalisé');
    await ctx.database.db.execute(
      sql`insert into controle (odg_id, tournee_id, personne_morale_id, aop_igp_id, date, statut,
                                niveau, controleur_id, nature)
          select odg_id, tournee_id, personne_morale_id,
                 (select a.id from aop_igp a where a.odg_id = c.odg_id and a.id <> c.aop_igp_id
                   order by a.id limit 1),
                 date, statut, niveau, controleur_id, nature
            from controle c where c.id = ${visite.id}`,
    );
    const libelles = await lignes(
      ctx.database.db,
      sql`select a.libelle from controle c join aop_igp a on a.id = c.aop_igp_id
          where c.tournee_id = ${visite.t} and c.personne_morale_id = ${visite.pm}
            and c.date = (select date from controle where id = ${visite.id}) and c.deleted_at is null`,
      z.object({ libelle: colonne.texte }),
    );
    expect(libelles.length).toBeGreaterThanOrEqual(2);
    await ctx.database.db.execute(
      sql`update personne_morale set mail = 'visite@avis.test' where id = ${visite.pm}`,
    );
    const res = await envoyer(visite.id, animateur);
    expect(res.statusCode, res.body).toBe(200);
    const texte = texteDe(smtp.recus.at(-1)?.brut ?? '');
    for (const { libelle } of libelles) expect(texte).toContain(libelle);

    // The same visit while its round is in preparation: not yet.
    await ctx.database.db.execute(
      sql`update tournee set statut = 'PREPARATION' where id = ${visite.t}`,
    );
    const tot = await envoyer(visite.id, animateur);
    expect(tot.statusCode).toBe(409);
    expect(tot.json<{ message: string }>().message).toBe(
      "L'avis de passage est envoyé une fois la tournée finalisée",
    );
  });
});
