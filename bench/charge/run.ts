/**
 * bench/charge — N devices (default 200, at most 1,000) against one server on loopback: each,
 * from its own address (X-Forwarded-For, the server trusting the loopback proxy as behind nginx),
 * signs in, pulls every sync feed to its end, then pushes a day of controls. Prints errors by
 * kind, p50/p99 per step and the server's memory. Prints figures; it is not a test.
 *
 * DATABASE_URL=postgres://… runs the server on that PostgreSQL (seeded here); otherwise on a
 * throwaway embedded database of OPERATEURS operators (2,000), or BENCH_DATA_DIR's. DEVICES=n,
 * PORT=p.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { FLUX_CURSEUR } from '@estive/contracts';
import { arreterServeur, baseDeDemo, racine } from '../lib/serveur';

/** The scraper's token, given to the server this bench starts (the metrics are closed without). */
const JETON_METRIQUES = `banc-${randomUUID()}`;
const DEVICES = Math.min(1000, Math.max(1, Number(process.env.DEVICES ?? 200)));
const PORT = Number(process.env.PORT ?? 8098);
const BASE = `http://127.0.0.1:${String(PORT)}`;
const COMPTES = [
  'controleur@estive.test',
  'controleur2@estive.test',
  'controleur.auvergne@estive.test',
];
/** The feeds a device pulls to their end: every cursor feed but its own front logs. */
const FLUX = FLUX_CURSEUR.filter((f) => f !== 'frontlogs');
/** The device's batch sizes: 10 controls per batch (spec), larger for the reference feeds. */
const LOT = (flux: string) => (flux === 'controle' ? 10 : 500);

type Etape = 'connexion' | 'tirage' | 'envoi';
const durees: Record<Etape, number[]> = { connexion: [], tirage: [], envoi: [] };
const erreurs = new Map<string, number>();
const resultatsPush = new Map<string, number>();
let requetes = 0;

function compter(carte: Map<string, number>, cle: string) {
  carte.set(cle, (carte.get(cle) ?? 0) + 1);
}

async function appel(etape: Etape, adresse: string, chemin: string, init: RequestInit = {}) {
  const debut = performance.now();
  requetes++;
  try {
    const res = await fetch(`${BASE}${chemin}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': adresse },
    });
    const corps = await res.text();
    durees[etape].push(performance.now() - debut);
    if (!res.ok) compter(erreurs, `${etape} ${String(res.status)}`);
    return { status: res.status, corps };
  } catch (e) {
    durees[etape].push(performance.now() - debut);
    compter(erreurs, `${etape} ${(e as Error).message}`);
    return { status: 0, corps: '' };
  }
}

interface Doc {
  id: string;
  _deleted: boolean;
  version?: number;
  statut?: string;
  aopIgp?: { id: string };
  [champ: string]: unknown;
}

async function appareil(i: number): Promise<void> {
  const adresse = `10.${String((i >> 16) & 255)}.${String((i >> 8) & 255)}.${String(i & 255)}`;
  const login = COMPTES[i % COMPTES.length] ?? COMPTES[0];
  const connexion = await appel('connexion', adresse, '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: 'estive' }),
  });
  if (connexion.status !== 200) return;
  const jeton = (JSON.parse(connexion.corps) as { accessToken: string }).accessToken;
  const auth = { authorization: `Bearer ${jeton}` };

  const controles: Doc[] = [];
  for (const flux of FLUX) {
    let checkpoint: { id: string; lastSync: string } | undefined;
    // The directory as a fresh device takes it (issue 29 item 2): the perimeter's snapshot, its
    // parts (compressed as stored, decompressed by fetch), then the feed from its checkpoint.
    if (flux === 'annuaire-morale') {
      const m = await appel('tirage', adresse, '/api/synchro/annuaire-morale/instantane', {
        headers: auth,
      });
      if (m.status !== 200) continue;
      const manifeste = JSON.parse(m.corps) as {
        cle: string | null;
        parties: number;
        checkpoint: { id: string; lastSync: string };
      };
      if (manifeste.cle !== null) {
        for (let p = 0; p < manifeste.parties; p++)
          await appel(
            'tirage',
            adresse,
            `/api/synchro/annuaire-morale/instantane/${manifeste.cle}/${String(p)}`,
            { headers: { ...auth, 'accept-encoding': 'br, gzip' } },
          );
        checkpoint = manifeste.checkpoint;
      }
    }
    for (let page = 0; page < 10_000; page++) {
      const q = new URLSearchParams({ batchSize: String(LOT(flux)) });
      if (checkpoint) {
        q.set('id', checkpoint.id);
        q.set('lastSync', checkpoint.lastSync);
      }
      const r = await appel('tirage', adresse, `/api/synchro/${flux}?${q.toString()}`, {
        headers: auth,
      });
      if (r.status !== 200) break;
      const lot = JSON.parse(r.corps) as { documents: Doc[]; checkpoint: typeof checkpoint };
      if (flux === 'controle') controles.push(...lot.documents);
      checkpoint = lot.checkpoint;
      if (lot.documents.length < LOT(flux)) break;
    }
  }

  // A day of controls: the account's scheduled controls, their entry under way, pushed at once as
  // a device does at the evening sync (devices sharing an account answer each other's DOUBLON or
  // CONFLIT). Under way, not finalised: a finalised control carries its signed report (issue 27).
  const jour = controles.filter((d) => !d._deleted && d.statut === 'PROGRAMME').slice(0, 6);
  const data = {
    controles: jour.map((d) => ({
      ...d,
      localId: d.id,
      baseVersion: d.version,
      statut: 'EN_COURS',
      etapeSaisie: 2,
      synthese: d.aopIgp
        ? { [d.aopIgp.id]: { audite: { observation: `appareil ${String(i)}` } } }
        : null,
    })),
    documents: [],
  };
  const limite = `----charge${randomUUID().replaceAll('-', '')}`;
  const corps = `--${limite}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n--${limite}--\r\n`;
  const envoi = await appel('envoi', adresse, '/api/synchro/controle', {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${limite}` },
    body: corps,
  });
  if (envoi.status === 200) {
    const { resultats } = JSON.parse(envoi.corps) as {
      resultats: { statut: string; message?: string }[];
    };
    for (const r of resultats)
      compter(resultatsPush, r.statut === 'REJETE' ? `REJETE (${r.message ?? '?'})` : r.statut);
  }
}

async function memoireServeur(): Promise<number> {
  const texte = await (
    await fetch(`${BASE}/api/actuator/prometheus`, {
      headers: { authorization: `Bearer ${JETON_METRIQUES}` },
    })
  ).text();
  const m = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(texte);
  return m ? Number(m[1]) : NaN;
}

async function demarrer(): Promise<ChildProcess> {
  const url = process.env.DATABASE_URL;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    METRICS_TOKEN: JETON_METRIQUES,
    LOG_LEVEL: 'warn',
    // As behind nginx on this host: each device's address comes from X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    // The demo has three controllers, so ~70 devices sign in on each account at once; the
    // per-account limit counts in-flight attempts and would refuse them (a real fleet has one
    // account per controller). Raised here only; printed below.
    LOGIN_ECHECS_PAR_COMPTE: process.env.LOGIN_ECHECS_PAR_COMPTE ?? '1000',
    WEB_DIST: '/nonexistent-web-dist',
  };
  if (url) {
    console.log('Base PostgreSQL : données de démonstration…');
    const r = spawnSync('npx', ['tsx', 'apps/server/src/demo/cli.ts'], {
      cwd: racine,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url },
    });
    if (r.status !== 0) throw new Error('Le chargement des données de démonstration a échoué');
  } else {
    env.DATA_DIR =
      process.env.BENCH_DATA_DIR ?? baseDeDemo(Number(process.env.OPERATEURS ?? 2_000));
  }
  const serveur = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: racine,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/actuator/health`)).ok) return serveur;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  arreterServeur(serveur);
  throw new Error('Le serveur ne répond pas');
}

const q = (valeurs: number[], p: number) => {
  const tri = [...valeurs].sort((a, b) => a - b);
  return tri[Math.min(tri.length - 1, Math.floor(p * tri.length))] ?? NaN;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;
const mo = (v: number) => `${(v / 1e6).toFixed(0)} Mo`;

const serveur = await demarrer();
try {
  const memoireAvant = await memoireServeur();
  let memoireMax = memoireAvant;
  const sonde = setInterval(() => {
    void memoireServeur()
      .then((m) => (memoireMax = Math.max(memoireMax, m)))
      .catch(() => undefined);
  }, 500);
  console.log(
    `${String(DEVICES)} appareils sur ${String(COMPTES.length)} comptes (LOGIN_ECHECS_PAR_COMPTE=${process.env.LOGIN_ECHECS_PAR_COMPTE ?? '1000'})…`,
  );
  const debut = performance.now();
  await Promise.all(Array.from({ length: DEVICES }, (_, i) => appareil(i)));
  const total = performance.now() - debut;
  clearInterval(sonde);
  const memoireApres = await memoireServeur();

  console.log(
    `\nbench/charge : ${String(DEVICES)} appareils, ${String(requetes)} requêtes en ${ms(total)}`,
  );
  for (const etape of Object.keys(durees) as Etape[]) {
    const d = durees[etape];
    console.log(
      `  ${etape.padEnd(10)} ${String(d.length).padStart(6)} requêtes  p50 ${ms(q(d, 0.5))}  p99 ${ms(q(d, 0.99))}  max ${ms(q(d, 1))}`,
    );
  }
  console.log(
    `  erreurs : ${erreurs.size === 0 ? 'aucune' : [...erreurs].map(([k, n]) => `${k} × ${String(n)}`).join(', ')}`,
  );
  console.log(
    `  résultats des envois : ${[...resultatsPush].map(([k, n]) => `${k} ${String(n)}`).join(', ')}`,
  );
  console.log(
    `  mémoire du serveur (RSS) : avant ${mo(memoireAvant)}, pic ${mo(memoireMax)}, après ${mo(memoireApres)}`,
  );
} finally {
  arreterServeur(serveur);
}
