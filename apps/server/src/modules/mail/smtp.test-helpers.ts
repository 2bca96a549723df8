import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface MailRecu {
  de: string;
  a: string[];
  brut: string;
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package): tests send through
 * nodemailer and read what it received. `refus`: how many messages it refuses first with
 * `550 5.7.1` (Infinity: a server that always refuses); `refuses` counts them.
 */
export async function serveurSmtp(options: { refus?: number } = {}): Promise<{
  url: string;
  recus: MailRecu[];
  refuses: () => number;
  fermer(): Promise<void>;
}> {
  const recus: MailRecu[] = [];
  let refuses = 0;
  const serveur = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const morceaux: Buffer[] = [];
      stream.on('data', (m: Buffer) => morceaux.push(m));
      stream.on('end', () => {
        if (refuses < (options.refus ?? 0)) {
          refuses++;
          const refus = new Error('Message refusé par la politique du relais') as Error & {
            responseCode: number;
          };
          refus.responseCode = 550;
          callback(refus);
          return;
        }
        recus.push({
          de: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          a: session.envelope.rcptTo.map((r) => r.address),
          brut: Buffer.concat(morceaux).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => serveur.listen(0, '127.0.0.1', resolve));
  const { port } = serveur.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    recus,
    refuses: () => refuses,
    fermer: () => new Promise<void>((resolve) => serveur.close(() => resolve())),
  };
}

/** The address of an SMTP server that is down: a port where nothing listens any more. */
export async function serveurSmtpArrete(): Promise<string> {
  const s = await serveurSmtp();
  await s.fermer();
  return s.url;
}

/** The decoded text body of a received message (nodemailer writes quoted-printable). */
export function texteDe(brut: string): string {
  const corps = brut.slice(brut.indexOf('\r\n\r\n') + 4);
  const qp = corps
    .replace(/=\r\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (s) => Buffer.from(s.replaceAll('=', ''), 'hex').toString('utf8'));
  return qp;
}

export const sujetDe = (brut: string) => {
  const ligne = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(brut)?.[1] ?? '';
  // RFC 2047 encoded words (=?UTF-8?Q?…?=) for accented subjects.
  return ligne
    .replace(/\r\n[ \t]/g, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
      q
        .replace(/_/g, ' ')
        .replace(/(=[0-9A-F]{2})+/g, (s) =>
          Buffer.from(s.replaceAll('=', ''), 'hex').toString('utf8'),
        ),
    )
    .replace(/\?=\s*=\?UTF-8\?Q\?/gi, '');
};
