import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, lignes } from '../../db/lignes';
import { createTestApp, premier, type TestContext } from '../../test/test-app';
import { entetes, odg } from '../comptes/comptes.test-helpers';
import { createMailService } from '../mail/mail.service';
import { serveurSmtp, sujetDe, texteDe } from '../mail/smtp.test-helpers';
import { createPurgeSynchroService } from '../synchro/purge.service';
import { createTachesRepository } from './taches.repository';
import { createTachesService } from './taches.service';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof serveurSmtp>>;
let cnaol: Record<string, string>;

beforeAll(async () => {
  smtp = await serveurSmtp();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
  cnaol = await entetes(ctx, 'cnaol@estive.test', (await odg(ctx, 'comte')).id);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await smtp.fermer();
});

interface Tache {
  code: string;
  derniere: {
    statut: string;
    bilan: Record<string, number>;
    declenchement: string;
    par: string | null;
  } | null;
  historique: unknown[];
}

const taches = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/tache', headers: cnaol })).json<Tache[]>();

/** Starts a task and watches the list until its run is over, as the settings screen does. */
async function executer(code: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/tache/execution',
    headers: cnaol,
    payload: { code },
  });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 200; i++) {
    const t = (await taches()).find((x) => x.code === code);
    if (t?.derniere && t.derniere.statut !== 'EN_COURS') return t;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${code} ne finit pas`);
}

const db = () => ctx.database.db;

describe('scheduled tasks', () => {
  it('reminders: one mail per overdue measure and due date, never twice; closed ones are left', async () => {
    const [m] = await lignes(
      db(),
      sql`select id, personne_morale_id as pm from manquement where etat = 'EN_COURS' and deleted_at is null order by id limit 1`,
      z.object({ id: colonne.entier, pm: colonne.entier }),
    );
    const cible = premier(m ? [m] : [], 'manquement ouvert');
    // Only this shortcoming is overdue: the others get no date, the closed one would be overdue.
    await db().execute(
      sql`update manquement set date_suivi_corrective = null, date_suivi_correctrice = null`,
    );
    await db().execute(sql`update manquement set date_suivi_corrective = current_date - 3,
        date_suivi_correctrice = current_date + 10 where id = ${cible.id}`);
    await db()
      .execute(sql`update manquement set etat = 'CLOS', date_suivi_corrective = current_date - 3
        where id = (select id from manquement where id <> ${cible.id} order by id limit 1)`);
    await db().execute(
      sql`update personne_morale set mail = 'fromagerie@relance.test' where id = ${cible.pm}`,
    );

    const envoyes = smtp.recus.length;
    const t = await executer('RELANCES_MANQUEMENTS');
    expect(t.derniere).toMatchObject({
      statut: 'SUCCES',
      declenchement: 'MANUEL',
      par: expect.stringMatching(/\S+ \S+/) as unknown,
      bilan: { relances: 1, envoyees: 1, sansAdresse: 0, echecs: 0 },
    });
    const recus = smtp.recus.slice(envoyes);
    expect(recus.map((r) => r.a)).toEqual([['fromagerie@relance.test']]);
    expect(sujetDe(recus[0]?.brut ?? '')).toMatch(/^Relance : manquement /);
    expect(texteDe(recus[0]?.brut ?? '')).toMatch(
      /délai de suivi de la mesure corrective du manquement suivant est dépassé/,
    );

    const encore = await executer('RELANCES_MANQUEMENTS');
    expect(encore.derniere?.bilan).toMatchObject({ relances: 0, envoyees: 0 });
    expect(encore.historique).toHaveLength(2);
    expect(smtp.recus.length).toBe(envoyes + 1);
  });

  it('purge: expired sessions and device logs past retention go, recent ones stay', async () => {
    const [u] = await lignes(
      db(),
      sql`select id from utilisateur order by id limit 1`,
      z.object({ id: colonne.entier }),
    );
    const uid = premier(u ? [u] : []).id;
    await db()
      .execute(sql`insert into refresh_token (utilisateur_id, family, token_hash, expires_at) values
      (${uid}, gen_random_uuid(), 'vieux', now() - interval '9 days'),
      (${uid}, gen_random_uuid(), 'recent', now() + interval '1 day')`);
    await db()
      .execute(sql`insert into front_log (utilisateur_id, source, logs, creation, created_at) values
      (${uid}, 'test', 'vieux', now() - interval '9 days', now() - interval '9 days'),
      (${uid}, 'test', 'recent', now(), now())`);
    const t = await executer('PURGE_RETENTION');
    expect(t.derniere?.statut).toBe('SUCCES');
    expect(t.derniere?.bilan.sessions).toBeGreaterThanOrEqual(1);
    expect(t.derniere?.bilan.journaux).toBeGreaterThanOrEqual(1);
    const restants = await lignes(
      db(),
      sql`select token_hash from refresh_token where token_hash in ('vieux', 'recent')`,
      z.object({ token_hash: colonne.texte }),
    );
    expect(restants.map((r) => r.token_hash)).toEqual(['recent']);
    const logs = await lignes(
      db(),
      sql`select logs from front_log where source = 'test'`,
      z.object({ logs: colonne.texte }),
    );
    expect(logs.map((l) => l.logs)).toEqual(['recent']);
  });

  it('one run of a task at a time: a second start while one runs is a 409', async () => {
    await db().execute(
      sql`insert into tache_execution (code, declenchement, statut) values ('PURGE_RETENTION', 'PLANIFIE', 'EN_COURS')`,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tache/execution',
      headers: cnaol,
      payload: { code: 'PURGE_RETENTION' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('Cette tâche est déjà en cours');
    // A run left EN_COURS by a stopped process is closed after an hour, and the task runs again.
    await db().execute(
      sql`update tache_execution set debut = now() - interval '2 hours' where statut = 'EN_COURS'`,
    );
    const t = await executer('PURGE_RETENTION');
    expect(t.derniere?.statut).toBe('SUCCES');
    const [interrompue] = await lignes(
      db(),
      sql`select erreur from tache_execution where statut = 'ECHEC'`,
      z.object({ erreur: colonne.texte.nullable() }),
    );
    expect(interrompue?.erreur).toBe('Exécution interrompue (arrêt du serveur)');
  });

  it('only the CNAOL sees and starts tasks', async () => {
    const animateur = await entetes(ctx, 'animateur@estive.test', (await odg(ctx, 'comte')).id);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/tache', headers: animateur })).statusCode,
    ).toBe(403);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tache/execution',
      headers: animateur,
      payload: { code: 'PURGE_RETENTION' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the schedule', () => {
  it('runs each task when its period has passed since its last start, and only then', async () => {
    const silencieux = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const service = createTachesService(
      createTachesRepository(db()),
      createPurgeSynchroService(db()),
      createMailService({ smtpUrl: undefined, mailFrom: 'x <x@y.z>', env: 'test' }, silencieux),
      silencieux,
    );
    const planifiees = async () =>
      (
        await lignes(
          db(),
          sql`select code from tache_execution where declenchement = 'PLANIFIE' and statut = 'SUCCES' order by id`,
          z.object({ code: colonne.texte }),
        )
      ).map((r) => r.code);
    const avant = await planifiees();
    const maintenant = new Date();
    // Both last started less than their period ago (the tests above ran them): nothing.
    await Promise.all(await service.planifier(maintenant));
    expect(await planifiees()).toEqual(avant);
    // 61 minutes later the hourly purge is due, the daily reminders not yet.
    await Promise.all(await service.planifier(new Date(maintenant.getTime() + 61 * 60_000)));
    expect(await planifiees()).toEqual([...avant, 'PURGE_RETENTION']);
    // A day later both.
    await Promise.all(await service.planifier(new Date(maintenant.getTime() + 25 * 3_600_000)));
    expect((await planifiees()).slice(-2).sort()).toEqual([
      'PURGE_RETENTION',
      'RELANCES_MANQUEMENTS',
    ]);
  });
});
