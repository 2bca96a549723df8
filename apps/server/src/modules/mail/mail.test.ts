import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailService } from './mail.service';
import { invitation } from './messages';
import { serveurSmtp, serveurSmtpArrete, sujetDe, texteDe } from './smtp.test-helpers';

const journal = () => {
  const lignes: { objet: unknown; message: string }[] = [];
  return {
    lignes,
    info: (objet: unknown, message: string) => lignes.push({ objet, message }),
    warn: (objet: unknown, message: string) => lignes.push({ objet, message }),
  };
};

describe('mail', () => {
  let smtp: Awaited<ReturnType<typeof serveurSmtp>>;
  beforeAll(async () => {
    smtp = await serveurSmtp();
  });
  afterAll(() => smtp.fermer());

  it('sends through SMTP_URL: the local server receives the invitation, accents intact', async () => {
    const log = journal();
    const mail = createMailService(
      { smtpUrl: smtp.url, mailFrom: 'Estive <ne-pas-repondre@estive.test>', env: 'test' },
      log as never,
    );
    const resultat = await mail.envoyer(
      invitation({
        a: 'hélène.gé@odg.test',
        prenom: 'Hélène',
        nom: 'Gérôme',
        motDePasse: 'Temporaire-2026!',
        url: 'https://estive.example',
      }),
    );
    mail.fermer();
    expect(resultat).toBe('ENVOYE');
    const recu = smtp.recus.at(-1);
    expect(recu?.a).toEqual(['hélène.gé@odg.test']);
    expect(recu?.de).toBe('ne-pas-repondre@estive.test');
    expect(sujetDe(recu?.brut ?? '')).toBe('Votre compte Estive');
    const texte = texteDe(recu?.brut ?? '');
    expect(texte).toContain('Bonjour Hélène Gérôme');
    expect(texte).toContain('Mot de passe temporaire : Temporaire-2026!');
    expect(texte).toContain('https://estive.example');
    expect(log.lignes).toEqual([]);
  });

  it('without SMTP_URL the message goes to the log; in production without the password', async () => {
    const message = invitation({
      a: 'a@odg.test',
      prenom: 'A',
      nom: 'B',
      motDePasse: 'Secret-Temporaire-1!',
      url: undefined,
    });
    const dev = journal();
    expect(
      await createMailService(
        { smtpUrl: undefined, mailFrom: 'x <x@y.z>', env: 'development' },
        dev as never,
      ).envoyer(message),
    ).toBe('JOURNAL');
    expect(JSON.stringify(dev.lignes)).toContain('Secret-Temporaire-1!');
    const prod = journal();
    await createMailService(
      { smtpUrl: undefined, mailFrom: 'x <x@y.z>', env: 'production' },
      prod as never,
    ).envoyer(message);
    expect(JSON.stringify(prod.lignes)).toContain('a@odg.test');
    expect(JSON.stringify(prod.lignes)).not.toContain('Secret-Temporaire-1!');
  });

  it('a server that is down answers ECHEC after 3 attempts, logged, without throwing', async () => {
    const log = journal();
    const mail = createMailService(
      { smtpUrl: await serveurSmtpArrete(), mailFrom: 'x <x@y.z>', env: 'test' },
      log as never,
      [10, 20],
    );
    expect(await mail.envoyer({ a: 'a@b.test', sujet: 's', texte: 't' })).toBe('ECHEC');
    expect(log.lignes.map((l) => l.message)).toEqual([
      'mail : envoi en échec, nouvel essai',
      'mail : envoi en échec, nouvel essai',
      'mail : envoi en échec',
    ]);
    expect(mail.derniereRaison()).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
  });

  it('a server that refuses (550) answers ECHEC; one that accepts after a refusal, ENVOYE', async () => {
    const refuse = await serveurSmtp({ refus: Infinity });
    const capricieux = await serveurSmtp({ refus: 1 });
    try {
      const message = { a: 'a@b.test', sujet: 's', texte: 't' };
      const cfg = { mailFrom: 'x <x@y.z>', env: 'test' } as const;
      const non = createMailService({ ...cfg, smtpUrl: refuse.url }, journal() as never, [10, 20]);
      expect(await non.envoyer(message)).toBe('ECHEC');
      expect(refuse.refuses()).toBe(3);
      expect(non.derniereRaison()).toMatch(/^550 /);
      const oui = createMailService({ ...cfg, smtpUrl: capricieux.url }, journal() as never, [10]);
      expect(await oui.envoyer(message)).toBe('ENVOYE');
      expect(capricieux.recus).toHaveLength(1);
      non.fermer();
      oui.fermer();
    } finally {
      await refuse.fermer();
      await capricieux.fermer();
    }
  });
});
