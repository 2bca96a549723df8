import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushControlesResponse } from '@estive/contracts';
import { openDatabase } from '../db/client';
import { pdfSimple } from '../demo/fichiers-demo';
import { sha256Hex } from '../lib/hash';
import { grilleAvecNc, nouveauControle } from '../modules/synchro/fixtures.test-helpers';
import { corpsPush } from '../modules/synchro/synchro.test-helpers';
import {
  arreterServeur,
  construireServeur,
  creerGrappe,
  demarrerServeur,
  ENTETE_METRIQUES,
  semerDemo,
  type Grappe,
  type ServeurLance,
} from './grappe.test-helpers';

/**
 * Issue 28 item 2: a server killed (`kill -9`) while it judges a 60-control push once left part of
 * the controls applied and the stored push waiting for a manual `inbox:replay`. Here, 4 times: the
 * push's inbox entry is stored, some controls are applied, the process is killed, then restarted
 * on the same database, and without any command, within 60 s, every control of the push exists
 * once with its signed report, every control push has an outcome and the backlog metric is 0. The
 * device's re-send answers DOUBLON (ACCEPTE for a control it judges first), never a second control.
 */
const KILLS = 4;
const CONTROLES = 60;
const DELAI_MS = 60_000;
// The production settings the helper gives, the resume explicitly on, one secret across restarts
// (the device's token outlives the process, as in production).
const ENV = { REPRISE_INBOX: 'true', JWT_SECRET: randomUUID() + randomUUID() };

let grappe: Grappe;
let serveur: ServeurLance;
let base: pg.Client;
let jeton: string;

beforeAll(async () => {
  construireServeur();
  grappe = await creerGrappe();
  serveur = await demarrerServeur(grappe.url, ENV);
  semerDemo(grappe.url);
  const res = await fetch(`${serveur.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'controleur@estive.test', password: 'estive' }),
  });
  jeton = ((await res.json()) as { accessToken: string }).accessToken;
  base = new pg.Client({ connectionString: grappe.url });
  await base.connect();
}, 300_000);

afterAll(async () => {
  await base.end();
  await arreterServeur(serveur);
  grappe.supprimer();
});

const attendre = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Modele = Awaited<ReturnType<typeof nouveauControle>>;

/** One device's day: 60 unannounced controls, each signed with its 300–800 KB report. */
function envoi(rang: number, modeles: Modele[]) {
  const rapports = new Map<string, string>();
  const newControles = [];
  const fichiers = [];
  for (let i = 0; i < CONTROLES; i++) {
    const marque = `kill-${String(rang)}-${String(i)}`;
    const modele = modeles[i % modeles.length];
    if (!modele) throw new Error('aucun modèle');
    const rapport = pdfSimple([marque, 'x'.repeat(300_000 + Math.floor(Math.random() * 500_000))]);
    const c = {
      ...modele,
      clientUuid: randomUUID(),
      localId: `local-${String(800_000 + rang * 100 + i)}`,
      statut: 'REALISE' as const,
      resultat: 'CONFORME' as const,
      etapeSaisie: 4,
      grille: grilleAvecNc(marque, []),
      rapportSha256: sha256Hex(rapport),
    };
    rapports.set(c.clientUuid, c.rapportSha256);
    newControles.push(c);
    fichiers.push({ nom: `${c.clientUuid}__${c.aopIgp.id}__RAPPORT_AUDIT.pdf`, contenu: rapport });
  }
  return { ...corpsPush({ newControles, controles: [] }, fichiers), rapports };
}
type Envoi = ReturnType<typeof envoi>;

/** The request as the device sends it: the answer, or 'réseau' when the connection died. */
async function pousser(e: Envoi): Promise<PushControlesResponse | number | 'réseau'> {
  try {
    const res = await fetch(`${serveur.url}/api/synchro/controle`, {
      method: 'POST',
      headers: { ...e.headers, authorization: `Bearer ${jeton}` },
      body: e.payload,
    });
    if (res.status !== 200) return res.status;
    return (await res.json()) as PushControlesResponse;
  } catch {
    return 'réseau';
  }
}

/** The push's controls in the database, with their RAPPORT_AUDIT files (id and sha256). */
async function controlesDe(e: Envoi) {
  const { rows } = await base.query<{
    client_uuid: string;
    id: string;
    copies: number;
    rapports: string[];
    fichiers: string[];
  }>(
    `select c.client_uuid, c.id::text,
            (select count(*)::int from controle d where d.grille->'groupesSysExploitation'->0->>'libelle'
                                                     = c.grille->'groupesSysExploitation'->0->>'libelle') as copies,
            coalesce(array_agg(f.sha256 order by f.id) filter (where f.id is not null), '{}') as rapports,
            coalesce(array_agg(f.id::text order by f.id) filter (where f.id is not null), '{}') as fichiers
       from controle c left join fichier f on f.controle_id = c.id and f.type_document = 'RAPPORT_AUDIT'
      where c.client_uuid = any($1::uuid[])
      group by c.id`,
    [[...e.rapports.keys()]],
  );
  return new Map(rows.map((r) => [r.client_uuid, r]));
}

/** How many of the push's controls exist: cheap enough to poll while the server judges. */
async function compter(e: Envoi): Promise<number> {
  const { rows } = await base.query<{ n: number }>(
    'select count(*)::int as n from controle where client_uuid = any($1::uuid[])',
    [[...e.rapports.keys()]],
  );
  return rows[0]?.n ?? 0;
}

/** Control pushes stored and never judged (what the resume must take), ids ascending. */
async function enAttente(): Promise<number[]> {
  const { rows } = await base.query<{ id: string }>(
    `select i.id::text from sync_inbox i
      where i.kind = 'controle'
        and not exists (select 1 from sync_inbox_traitement t where t.inbox_id = i.id)
      order by i.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Every control of the push once, each with exactly its signed report: nothing half-applied. */
function verifierComplets(e: Envoi, controles: Awaited<ReturnType<typeof controlesDe>>) {
  for (const [uuid, ligne] of controles) {
    expect([uuid, ligne.copies, ligne.rapports]).toEqual([uuid, 1, [e.rapports.get(uuid)]]);
  }
}

async function backlog(): Promise<number> {
  // The scraper's bearer (METRICS_TOKEN, docs/operations.md).
  const res = await fetch(`${serveur.url}/api/actuator/prometheus`, { headers: ENTETE_METRIQUES });
  expect(res.status).toBe(200);
  const valeur = /^estive_sync_inbox_backlog (\d+)$/m.exec(await res.text())?.[1];
  expect(valeur).toBeDefined();
  return Number(valeur);
}

interface Mesure {
  seuil: number;
  avantKill: number;
  killApresEnvoiMs: number;
  demarrageMs: number;
  jugeMs: number;
  renvoi: string;
}

describe('kill -9 in the middle of a 60-control push', () => {
  it(`${String(KILLS)} kills: each stored push is judged by the restarted server, without a command`, async () => {
    const db = await openDatabase({ databaseUrl: grappe.url });
    const modeles = await Promise.all(
      [0, 1, 2, 3].map((rang) =>
        nouveauControle(db.db, { marque: 'modele', rang, localId: 'local-799999' }),
      ),
    );
    await db.close();
    const mesures: Mesure[] = [];

    for (let k = 0; k < KILLS; k++) {
      const e = envoi(k, modeles);
      expect(await enAttente()).toEqual([]);
      // Killed once at least `seuil` controls are in: a random point of the judging, which
      // begins only after the inbox stored the whole request.
      const seuil = 1 + Math.floor(Math.random() * 40);
      const envoye = Date.now();
      const reponse = pousser(e);
      const push = { fini: false };
      void reponse.then(() => {
        push.fini = true;
      });
      let appliques = 0;
      while (appliques < seuil && !push.fini && Date.now() - envoye < DELAI_MS) {
        await attendre(10);
        appliques = await compter(e);
      }
      expect(push.fini, 'la poussée a fini avant le kill').toBe(false);
      const mort = new Promise((r) => serveur.processus.once('exit', r));
      serveur.processus.kill('SIGKILL');
      await mort;
      const killApresEnvoiMs = Date.now() - envoye;
      expect(await reponse).toBe('réseau');

      // Stored, partly applied, never judged: each control there is whole (its own transaction).
      const avant = await controlesDe(e);
      expect(avant.size).toBeGreaterThanOrEqual(seuil);
      expect(avant.size).toBeLessThan(CONTROLES);
      verifierComplets(e, avant);
      const [entree, ...autres] = await enAttente();
      expect(autres).toEqual([]);
      expect(entree).toBeDefined();

      // Restarted on the same database; the device re-sends either at once (while the server
      // resumes the stored push) or once the server has judged it.
      const redemarre = Date.now();
      serveur = await demarrerServeur(grappe.url, ENV);
      const demarrageMs = Date.now() - redemarre;
      const renvoiConcurrent = k % 2 === 0;
      const renvoi = renvoiConcurrent ? pousser(e) : undefined;
      let jugeMs: number | undefined;
      while (Date.now() - redemarre < DELAI_MS) {
        const judge = !(await enAttente()).includes(entree ?? -1);
        if (judge && (await compter(e)) === CONTROLES) {
          jugeMs = Date.now() - redemarre;
          break;
        }
        await attendre(100);
      }
      expect(jugeMs, `poussée ${String(k)} non jugée en ${String(DELAI_MS)} ms`).toBeDefined();

      // The resumed judgement, as stored beside the entry: every control accepted.
      const { rows: traitements } = await base.query<{ resultats: PushControlesResponse }>(
        'select resultats from sync_inbox_traitement where inbox_id = $1',
        [entree],
      );
      expect(traitements).toHaveLength(1);
      const statutsRepris = traitements[0]?.resultats.resultats.map((r) => r.statut) ?? [];
      expect(statutsRepris).toHaveLength(CONTROLES);
      expect(statutsRepris.filter((s) => s !== 'ACCEPTE' && s !== 'DOUBLON')).toEqual([]);

      const corps = await (renvoi ?? pousser(e));
      if (typeof corps !== 'object') throw new Error(`renvoi ${String(k)} : ${String(corps)}`);
      const controles = await controlesDe(e);
      expect(controles.size).toBe(CONTROLES);
      verifierComplets(e, controles);
      // The re-send names the same controls and files; DOUBLON, or ACCEPTE for a control it
      // judged before the resume did; when sent after the judgement, DOUBLON only.
      const admis = renvoiConcurrent ? ['ACCEPTE', 'DOUBLON'] : ['DOUBLON'];
      expect(corps.resultats).toHaveLength(CONTROLES);
      for (const r of corps.resultats) {
        const ligne = controles.get(r.clientUuid ?? '');
        expect([r.clientUuid, r.id, admis.includes(r.statut)]).toEqual([
          r.clientUuid,
          ligne?.id,
          true,
        ]);
      }
      expect(corps.documents).toHaveLength(CONTROLES);
      const fichiers = new Set([...controles.values()].flatMap((c) => c.fichiers));
      for (const d of corps.documents) {
        expect([d.nom, admis.includes(d.statut), fichiers.has(d.id ?? '')]).toEqual([
          d.nom,
          true,
          true,
        ]);
      }
      expect(await enAttente()).toEqual([]);
      expect(await backlog()).toBe(0);
      expect(serveur.erreurs()).not.toMatch(/Unhandled|uncaught/i);

      const decompte = new Map<string, number>();
      for (const r of corps.resultats) decompte.set(r.statut, (decompte.get(r.statut) ?? 0) + 1);
      mesures.push({
        seuil,
        avantKill: avant.size,
        killApresEnvoiMs,
        demarrageMs,
        jugeMs: jugeMs ?? DELAI_MS,
        renvoi: `${renvoiConcurrent ? 'pendant' : 'après'} la reprise ${JSON.stringify(Object.fromEntries(decompte))}`,
      });
    }

    // Across the run: 4 × 60 controls, each once.
    const { rows } = await base.query<{ n: number }>(
      `select count(*)::int as n from controle
        where grille->'groupesSysExploitation'->0->>'libelle' like 'kill-%'`,
    );
    expect(rows[0]?.n).toBe(KILLS * CONTROLES);
    for (const [k, m] of mesures.entries()) {
      console.info(
        `kill ${String(k + 1)} : ${String(m.avantKill)}/${String(CONTROLES)} contrôles appliqués au kill ` +
          `(seuil ${String(m.seuil)}, ${String(m.killApresEnvoiMs)} ms après l'envoi) ; serveur prêt en ` +
          `${String(m.demarrageMs)} ms, poussée jugée ${String(m.jugeMs)} ms après le redémarrage ; ` +
          `renvoi ${m.renvoi}`,
      );
    }
  }, 400_000);
});
