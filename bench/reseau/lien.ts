/**
 * The weak mobile link of issue 29 (the slow-4G profile of mobile audits), applied to a chromium
 * page through the DevTools protocol, and the bytes that page really moved on the wire
 * (`encodedDataLength`: after compression, headers included).
 */
import { connect, createServer, type Socket } from 'node:net';
import type { CDPSession, Page } from 'playwright-core';

export const LIEN = {
  descenteOctetsParSeconde: 1.6e6 / 8,
  montanteOctetsParSeconde: 750e3 / 8,
  rttMs: 150,
};

/** The wire limit of a transfer: its bytes at the link's bandwidth, plus round trips. */
export function limiteFilaireMs(
  octetsDescendus: number,
  octetsMontes = 0,
  allersRetours = 2,
): number {
  return (
    (octetsDescendus / LIEN.descenteOctetsParSeconde +
      octetsMontes / LIEN.montanteOctetsParSeconde) *
      1000 +
    allersRetours * LIEN.rttMs
  );
}

export interface Compteur {
  /** Requests finished or failed since the last `remettreAZero`. */
  requetes: () => number;
  /** Bytes received on the wire (compressed bodies and headers). */
  octetsRecus: () => number;
  /** Bytes of request bodies sent. */
  octetsEnvoyes: () => number;
  remettreAZero: () => void;
  /** Cuts (true) or restores (false) the link, keeping its profile. */
  couper: (coupe: boolean) => Promise<void>;
  session: CDPSession;
}

/** Puts `page` behind the weak link and counts what crosses it. */
export async function brider(page: Page): Promise<Compteur> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  const conditions = (offline: boolean) =>
    session.send('Network.emulateNetworkConditions', {
      offline,
      latency: LIEN.rttMs,
      downloadThroughput: LIEN.descenteOctetsParSeconde,
      uploadThroughput: LIEN.montanteOctetsParSeconde,
    });
  await conditions(false);
  let requetes = 0;
  let recus = 0;
  let envoyes = 0;
  session.on('Network.requestWillBeSent', (e) => {
    envoyes += e.request.postData?.length ?? 0;
  });
  session.on('Network.loadingFinished', (e) => {
    requetes++;
    recus += e.encodedDataLength;
  });
  session.on('Network.loadingFailed', () => {
    requetes++;
  });
  return {
    requetes: () => requetes,
    octetsRecus: () => recus,
    octetsEnvoyes: () => envoyes,
    remettreAZero: () => {
      requetes = 0;
      recus = 0;
      envoyes = 0;
    },
    couper: (coupe) => conditions(coupe).then(() => undefined),
    session,
  };
}

/**
 * The same link, between chromium and the server, as a TCP relay: everything the browser sends
 * or receives crosses it — the page, its workers AND the service worker, whose fetches (the
 * precache) a page's CDP session neither sees nor throttles. One link shared by every
 * connection, as on a real radio link: each direction is a queue served at its bandwidth, each
 * piece delivered half an RTT after it left; a new connection waits one RTT (its handshake).
 * Counts the bytes on the wire (HTTP/1.1 headers and compressed bodies, as sent).
 */
export interface Lien {
  /** The port chromium must use instead of the server's. */
  port: number;
  octetsRecus: () => number;
  octetsEnvoyes: () => number;
  /** Connections opened (a request may reuse one). */
  connexions: () => number;
  remettreAZero: () => void;
  /** Cuts (true: open connections broken, new ones refused) or restores (false) the link. */
  couper: (coupe: boolean) => void;
  fermer: () => Promise<void>;
}

/** Largest piece put on the link at once: connections share it piece by piece. */
const MORCEAU = 8 * 1024;

/**
 * `sansCompression`: the browser's Accept-Encoding is renamed on its way to the server, which then
 * answers uncompressed — what crossed the link before issue 29, measured in the same run.
 */
export async function ouvrirLien(
  portServeur: number,
  { sansCompression = false } = {},
): Promise<Lien> {
  const demiRtt = LIEN.rttMs / 2;
  let recus = 0;
  let envoyes = 0;
  let connexions = 0;
  let coupe = false;
  const ouvertes = new Set<Socket>();

  /**
   * What waits to be delivered to one socket, in order: one timer at a time per socket, so that
   * two pieces due in the same millisecond never swap.
   */
  const files = new WeakMap<
    Socket,
    { pieces: { a: number; piece?: Buffer }[]; minuteur: boolean }
  >();
  const livrer = (
    vers: Socket,
    a: number,
    piece: Buffer | undefined,
    compter: (n: number) => void,
  ) => {
    let file = files.get(vers);
    if (!file) files.set(vers, (file = { pieces: [], minuteur: false }));
    file.pieces.push({ a, piece });
    const f = file;
    const pomper = () => {
      f.minuteur = false;
      while (f.pieces.length > 0 && f.pieces[0]!.a <= performance.now()) {
        const { piece: p } = f.pieces.shift()!;
        if (vers.destroyed) continue;
        if (p) {
          compter(p.length);
          vers.write(p);
        } else vers.end();
      }
      if (f.pieces.length > 0) {
        f.minuteur = true;
        setTimeout(pomper, Math.max(1, f.pieces[0]!.a - performance.now()));
      }
    };
    if (!f.minuteur) {
      f.minuteur = true;
      setTimeout(pomper, Math.max(0, a - performance.now()));
    }
  };

  /** One direction of the link: a queue served at its bandwidth, then half an RTT of travel. */
  const sens = (octetsParSeconde: number, compter: (n: number) => void) => {
    let libreA = 0;
    return {
      envoyer(morceau: Buffer, vers: Socket) {
        for (let i = 0; i < morceau.length; i += MORCEAU) {
          const piece = morceau.subarray(i, i + MORCEAU);
          libreA = Math.max(performance.now(), libreA) + (piece.length / octetsParSeconde) * 1000;
          livrer(vers, libreA + demiRtt, piece, compter);
        }
      },
      /** The end of a stream, after what was sent before it. */
      finir(vers: Socket) {
        livrer(vers, Math.max(performance.now(), libreA) + demiRtt, undefined, compter);
      },
    };
  };
  const descente = sens(LIEN.descenteOctetsParSeconde, (n) => (recus += n));
  const montee = sens(LIEN.montanteOctetsParSeconde, (n) => (envoyes += n));

  const relais = createServer({ allowHalfOpen: true }, (client) => {
    if (coupe) {
      client.destroy();
      return;
    }
    connexions++;
    client.pause();
    const serveur = connect({ port: portServeur, host: '127.0.0.1', allowHalfOpen: true });
    ouvertes.add(client).add(serveur);
    const rompre = () => {
      client.destroy();
      serveur.destroy();
    };
    client.on('error', rompre).on('close', () => ouvertes.delete(client));
    serveur.on('error', rompre).on('close', () => ouvertes.delete(serveur));
    // The handshake's round trip, then data flows both ways through the link's queues.
    setTimeout(() => {
      client.on('data', (d: Buffer) =>
        montee.envoyer(
          sansCompression
            ? Buffer.from(
                d.toString('latin1').replace(/\r\naccept-encoding:/gi, '\r\nx-ignore:'),
                'latin1',
              )
            : d,
          serveur,
        ),
      );
      client.on('end', () => montee.finir(serveur));
      serveur.on('data', (d: Buffer) => descente.envoyer(d, client));
      serveur.on('end', () => descente.finir(client));
      client.resume();
    }, LIEN.rttMs);
  });
  await new Promise<void>((ok) => relais.listen(0, '127.0.0.1', ok));
  const adresse = relais.address();
  if (adresse === null || typeof adresse === 'string') throw new Error('relais sans port');
  return {
    port: adresse.port,
    octetsRecus: () => recus,
    octetsEnvoyes: () => envoyes,
    connexions: () => connexions,
    remettreAZero: () => {
      recus = 0;
      envoyes = 0;
      connexions = 0;
    },
    couper: (c) => {
      coupe = c;
      if (c) for (const s of ouvertes) s.destroy();
    },
    fermer: () => {
      for (const s of ouvertes) s.destroy();
      return new Promise((ok) => relais.close(() => ok()));
    },
  };
}
