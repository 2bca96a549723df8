/**
 * The weak mobile link of issue 29 (the slow-4G profile of mobile audits), applied to a chromium
 * page through the DevTools protocol, and the bytes that page really moved on the wire
 * (`encodedDataLength`: after compression, headers included).
 */
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
