import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERREUR_APPLICATION } from '../modules/synchro/apply-controle';
import {
  multipart,
  pousser,
  premierControle,
  saisie,
} from '../modules/synchro/synchro.test-helpers';
import { bearer, createTestApp, login, type TestContext } from './test-app';

/**
 * Issue 13 item 7: the server's log never holds SQL parameters nor what a device or a user sent.
 * The log is read as the server writes it (level info, as in production) while a query fails
 * with a request's values among its parameters, a push fails in its control's transaction, and
 * requests carry passwords and field data. Each secret below must never appear in it.
 */

const lignes: string[] = [];
let ctx: TestContext;
let controleur: string;

beforeAll(async () => {
  ctx = await createTestApp(
    { LOG_LEVEL: 'info' },
    { journal: { write: (ligne: string) => void lignes.push(ligne) } },
  );
  controleur = (await login(ctx.app, 'controleur@estive.test')).accessToken;
  // Real failures inside PostgreSQL, on values a request brought: the SQL error carries them.
  await ctx.database.db.execute(sql`
    create function panne_journal() returns trigger language plpgsql as $$
    begin
      if new.logs like '%PANNE-JOURNAL%' then raise exception 'panne simulée'; end if;
      return new;
    end $$`);
  await ctx.database.db.execute(
    sql`create trigger panne_journal before insert on front_log for each row execute function panne_journal()`,
  );
  await ctx.database.db.execute(sql`
    create function panne_push() returns trigger language plpgsql as $$
    begin
      if new.grille::text like '%PANNE-PUSH%' then raise exception 'panne simulée'; end if;
      return new;
    end $$`);
  await ctx.database.db.execute(
    sql`create trigger panne_push before update on controle for each row execute function panne_push()`,
  );
});
afterAll(() => ctx.close());

const journal = () => lignes.join('');

describe('what the log never holds', () => {
  it('a query that fails on a request value: 500 in French, logged without its parameters', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/log',
      headers: bearer(controleur),
      payload: { context: 'journal', message: 'PANNE-JOURNAL parametre-sql-4242' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json<{ message: string }>().message).toMatch(
      /^Erreur interne du serveur \(requête /,
    );
    expect(journal()).toContain('unhandled error');
    expect(journal()).toContain('panne simulée');
    expect(journal()).not.toContain('parametre-sql-4242');
  });

  it("a control whose transaction fails: REJETE, the others applied, logged without the entry's data", async () => {
    const doc = await premierControle(ctx.app, controleur);
    const { body } = await pousser(ctx.app, controleur, {
      controles: [saisie(doc, 'PANNE-PUSH donnee-terrain-7777')],
    });
    expect(body?.resultats[0]).toMatchObject({ statut: 'REJETE', message: ERREUR_APPLICATION });
    expect(journal()).toContain('synchro: application du contrôle en échec');
    expect(journal()).not.toContain('donnee-terrain-7777');
  });

  it('pushes, sign-ins and broken requests: neither bodies nor passwords', async () => {
    const doc = await premierControle(ctx.app, controleur);
    const ok = await pousser(ctx.app, controleur, { controles: [saisie(doc, 'saisie-8888')] });
    expect(ok.body?.resultats[0]?.statut).toMatch(/ACCEPTE|DOUBLON/);
    const refus = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'controleur@estive.test', password: 'mot-de-passe-9999' },
    });
    expect(refus.statusCode).toBe(401);
    const coupe = multipart([{ name: 'data', content: '{"controles":[{"x":"coupee-6666"}]}' }]);
    const incomplet = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/controle',
      headers: { ...bearer(controleur), ...coupe.headers },
      payload: coupe.payload.subarray(0, coupe.payload.length - 20),
    });
    expect(incomplet.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/morale',
      headers: { ...bearer(controleur), 'content-type': 'application/json' },
      payload: '{"morales":[{"id":"1","mail":"corps-5555',
    });
    expect(json.statusCode).toBe(400);
    const texte = journal();
    expect(texte).toContain('incoming request');
    for (const secret of [
      'saisie-8888',
      'mot-de-passe-9999',
      'coupee-6666',
      'corps-5555',
      controleur,
    ]) {
      expect([secret, texte.includes(secret)]).toEqual([secret, false]);
    }
  });
});
