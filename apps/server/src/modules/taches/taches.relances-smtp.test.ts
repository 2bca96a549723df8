import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, ligne, lignes } from '../../db/lignes';
import { createTestApp, premier, type TestContext } from '../../test/test-app';
import { entetes, odg } from '../comptes/comptes.test-helpers';
import { createMailService } from '../mail/mail.service';
import { serveurSmtp, serveurSmtpArrete } from '../mail/smtp.test-helpers';
import { createPurgeSynchroService } from '../synchro/purge.service';
import { createTachesRepository } from './taches.repository';
import { createTachesService } from './taches.service';

/**
 * Issue 28 item 8: a reminder is recorded as sent only when the SMTP server accepted it; a
 * failure is tried again (within the run, then at the next runs, sooner after a failure) and
 * shown in Tâches. Real SMTP servers (smtp-server): one that refuses, one down, one that accepts
 * after a refusal.
 */
let ctx: TestContext;
const silencieux = { info: () => undefined, warn: () => undefined, error: () => undefined };
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  const [m] = await lignes(
    db(),
    sql`select id, personne_morale_id as pm from manquement where etat = 'EN_COURS' and deleted_at is null order by id limit 1`,
    z.object({ id: colonne.entier, pm: colonne.entier }),
  );
  const cible = premier(m ? [m] : [], 'manquement ouvert');
  // One overdue measure in the whole base, to an operator with an address.
  await db().execute(
    sql`update manquement set date_suivi_corrective = null, date_suivi_correctrice = null`,
  );
  await db().execute(
    sql`update manquement set date_suivi_corrective = current_date - 3 where id = ${cible.id}`,
  );
  await db().execute(
    sql`update personne_morale set mail = 'fromagerie@relance.test' where id = ${cible.pm}`,
  );
});
afterAll(() => ctx.close());

/** The reminders task on a mail service of this SMTP address, retrying after 10 then 20 ms. */
async function relancer(smtpUrl: string | undefined) {
  const mail = createMailService(
    { smtpUrl, mailFrom: 'Estive <e@estive.test>', env: 'test' },
    silencieux,
    [10, 20],
  );
  const service = createTachesService(
    createTachesRepository(db()),
    createPurgeSynchroService(db()),
    mail,
    silencieux,
  );
  const cnaol = await entetes(ctx, 'cnaol@estive.test', (await odg(ctx, 'comte')).id);
  const lances = await service.planifier(new Date(Date.now() + 40 * 86_400_000));
  await Promise.all(lances);
  mail.fermer();
  // What the settings' Tâches screen reads.
  const taches = (await ctx.app.inject({ method: 'GET', url: '/api/tache', headers: cnaol })).json<
    {
      code: string;
      derniere: { statut: string; bilan: Record<string, number>; erreur: string | null };
    }[]
  >();
  return { service, derniere: taches.find((t) => t.code === 'RELANCES_MANQUEMENTS')?.derniere };
}

const relancesEnregistrees = async () =>
  (
    await ligne(
      db(),
      sql`select count(*)::int as n from relance_manquement`,
      z.object({ n: colonne.entier }),
    )
  ).n;

describe('reminders and the mail server (issue 28 item 8)', () => {
  it('a server that refuses (550): not recorded, tried 3 times, ECHEC in Tâches in French', async () => {
    const refuse = await serveurSmtp({ refus: Infinity });
    try {
      const { derniere } = await relancer(refuse.url);
      // Before: the reminder row was written before sending, the run said "1 mails envoyés".
      expect(derniere).toMatchObject({
        statut: 'ECHEC',
        bilan: { relances: 1, envoyees: 0, journal: 0, echecs: 1 },
      });
      expect(derniere?.erreur).toMatch(
        /^1 relance\(s\) non acceptée\(s\) par le serveur de mail \(550 .*\) : nouvel essai à la prochaine exécution$/,
      );
      expect(refuse.refuses()).toBe(3);
      expect(await relancesEnregistrees()).toBe(0);
    } finally {
      await refuse.fermer();
    }
  });

  it('a server that is down: not recorded, ECHEC with the reason', async () => {
    const { derniere } = await relancer(await serveurSmtpArrete());
    expect(derniere).toMatchObject({ statut: 'ECHEC', bilan: { envoyees: 0, echecs: 1 } });
    expect(derniere?.erreur).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(await relancesEnregistrees()).toBe(0);
  });

  it('after failed runs the next comes sooner (15 min, 30…), not a day later', async () => {
    const { service } = await relancer(await serveurSmtpArrete());
    const avant = await lignes(
      db(),
      sql`select id from tache_execution where code = 'RELANCES_MANQUEMENTS'`,
      z.object({ id: colonne.entier }),
    );
    // Three failures in a row: the next is due 60 minutes after the last start.
    await Promise.all(await service.planifier(new Date(Date.now() + 30 * 60_000)));
    const apres30 = await lignes(
      db(),
      sql`select id from tache_execution where code = 'RELANCES_MANQUEMENTS'`,
      z.object({ id: colonne.entier }),
    );
    expect(apres30.length).toBe(avant.length);
    await Promise.all(await service.planifier(new Date(Date.now() + 61 * 60_000)));
    const apres61 = await lignes(
      db(),
      sql`select id from tache_execution where code = 'RELANCES_MANQUEMENTS'`,
      z.object({ id: colonne.entier }),
    );
    expect(apres61.length).toBe(avant.length + 1);
  });

  it('a server that accepts after a refusal: sent on the retry, recorded once, SUCCES', async () => {
    const capricieux = await serveurSmtp({ refus: 1 });
    try {
      const { derniere } = await relancer(capricieux.url);
      expect(derniere).toMatchObject({
        statut: 'SUCCES',
        erreur: null,
        bilan: { relances: 1, envoyees: 1, journal: 0, echecs: 0 },
      });
      expect(capricieux.refuses()).toBe(1);
      expect(capricieux.recus.map((r) => r.a)).toEqual([['fromagerie@relance.test']]);
      expect(await relancesEnregistrees()).toBe(1);
      // Recorded: the next run has nothing to send.
      const { derniere: encore } = await relancer(capricieux.url);
      expect(encore?.bilan).toMatchObject({ relances: 0, envoyees: 0 });
      expect(capricieux.recus).toHaveLength(1);
    } finally {
      await capricieux.fermer();
    }
  });

  it('without SMTP_URL the run says written to the log, never sent', async () => {
    await db().execute(sql`delete from relance_manquement`);
    const { derniere } = await relancer(undefined);
    expect(derniere).toMatchObject({
      statut: 'SUCCES',
      bilan: { relances: 1, envoyees: 0, journal: 1, echecs: 0 },
    });
  });
});
