import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushControlesResponse } from '@estive/contracts';
import { corpsPush, saisie, type DocTire, type Lot } from '../modules/synchro/synchro.test-helpers';
import {
  arreterServeur,
  construireServeur,
  creerGrappe,
  demarrerServeur,
  semerDemo,
  type Grappe,
  type ServeurLance,
} from './grappe.test-helpers';

/**
 * Issue 13 §1 and §8: PostgreSQL stopped and restarted under traffic. The compiled server runs on
 * a PostgreSQL cluster of its own (started here with the same binaries `.ci/run` uses, so that
 * stopping it disturbs no other test): while the database is away, health is 503 DOWN and the API
 * 503 in French; when it is back the server recovers by itself; every push acknowledged before,
 * during or after is in the database.
 */
const MESSAGE_503 = 'Service momentanément indisponible, veuillez réessayer dans quelques instants';

let grappe: Grappe;
let serveur: ServeurLance;
let jeton: string;
const statuts: number[] = [];

async function requete(chemin: string, init: RequestInit = {}) {
  const res = await fetch(`${serveur.url}${chemin}`, init);
  statuts.push(res.status);
  return res;
}
const avecJeton = (extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${jeton}`,
  ...extra,
});

async function pousser(doc: DocTire, marque: string) {
  const { payload, headers } = corpsPush({ controles: [saisie(doc, marque)] });
  const res = await requete('/api/synchro/controle', {
    method: 'POST',
    headers: avecJeton(headers),
    body: payload,
  });
  const resultat =
    res.status === 200 ? ((await res.json()) as PushControlesResponse).resultats[0] : undefined;
  return { status: res.status, resultat };
}

beforeAll(async () => {
  construireServeur();
  grappe = await creerGrappe();
  serveur = await demarrerServeur(grappe.url);
  semerDemo(grappe.url);
  const res = await requete('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'controleur@estive.test', password: 'estive' }),
  });
  jeton = ((await res.json()) as { accessToken: string }).accessToken;
}, 300_000);

afterAll(async () => {
  await arreterServeur(serveur);
  grappe.supprimer();
});

describe('PostgreSQL stopped and restarted under traffic', () => {
  it('503 while away, recovers by itself, nothing acknowledged is lost', async () => {
    const tirage = await requete('/api/synchro/controle?batchSize=1000', { headers: avecJeton() });
    expect(tirage.status).toBe(200);
    const docs = ((await tirage.json()) as Lot).documents.filter(
      (d) => !d._deleted && d.statut === 'PROGRAMME',
    );
    expect(docs.length).toBeGreaterThanOrEqual(4);
    const acquittes = new Map<string, number>();
    const noter = (doc: DocTire, r: Awaited<ReturnType<typeof pousser>>) => {
      if (r.status === 200 && r.resultat?.statut === 'ACCEPTE')
        acquittes.set(doc.id, r.resultat.version ?? 0);
    };

    // Before: acknowledged.
    const [avant, pendant, apres] = [docs[0], docs[1], docs[2]] as [DocTire, DocTire, DocTire];
    noter(avant, await pousser(avant, 'avant la coupure'));
    expect(acquittes.has(avant.id)).toBe(true);

    // Traffic while the database stops: feeds and a push in flight.
    const trafic = Promise.all([
      pousser(pendant, 'pendant la coupure'),
      requete('/api/synchro/controle?batchSize=1000', { headers: avecJeton() }),
      requete('/api/synchro/annuaire-morale?batchSize=1000', { headers: avecJeton() }),
    ]);
    grappe.arreter();
    const [enVol] = await trafic;
    noter(pendant, enVol);

    // Away: health DOWN, the API 503 in French (never 500), the process alive.
    const sante = await requete('/api/actuator/health');
    expect(sante.status).toBe(503);
    expect(await sante.json()).toEqual({ status: 'DOWN' });
    const flux = await requete('/api/synchro/controle', { headers: avecJeton() });
    expect(flux.status).toBe(503);
    expect(await flux.json()).toMatchObject({ message: MESSAGE_503, code: 'SERVICE_UNAVAILABLE' });
    const refuse = await pousser(apres, 'pendant la coupure, refusé');
    expect(refuse.status).toBe(503);
    expect(serveur.processus.exitCode).toBeNull();

    // Back: the server answers again without being restarted.
    grappe.demarrer();
    let sain = false;
    for (let i = 0; i < 120 && !sain; i++) {
      sain = (await requete('/api/actuator/health')).status === 200;
      if (!sain) await new Promise((r) => setTimeout(r, 500));
    }
    expect(sain).toBe(true);
    expect((await requete('/api/synchro/controle', { headers: avecJeton() })).status).toBe(200);

    // The device retries what was not acknowledged: applied now, or already there (DOUBLON).
    for (const [doc, marque] of [
      [pendant, 'pendant la coupure'],
      [apres, 'après la coupure'],
    ] as const) {
      if (acquittes.has(doc.id)) continue;
      const r = await pousser(doc, marque);
      expect(r.status).toBe(200);
      expect(['ACCEPTE', 'DOUBLON']).toContain(r.resultat?.statut);
      acquittes.set(doc.id, r.resultat?.version ?? 0);
    }

    // Nothing acknowledged is lost: each control is REALISE in the database, at least that version.
    const client = new pg.Client({ connectionString: grappe.url });
    await client.connect();
    const { rows } = await client.query<{ id: string; statut: string; version: number }>(
      'select id::text, statut, version from controle where id = any($1::bigint[])',
      [[...acquittes.keys()]],
    );
    await client.end();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.statut).toBe('REALISE');
      expect(row.version).toBeGreaterThanOrEqual(acquittes.get(row.id) ?? Infinity);
    }
    // Whatever was asked during the whole run: answered, never a 500.
    expect(statuts.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(serveur.processus.exitCode).toBeNull();
  });
});
