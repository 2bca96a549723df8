import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { colonne, premiereLigne } from '../../db/lignes';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';

export let ctx: TestContext;
export let cnaol: string;
export let animateur: string;
export let controleur: string;
/** The animator's rights: Comté (ODG) and Auvergne (ODG_REFERENTE). */
export let droitComte: string;
export let droitAuvergne: string;
export let droitCnaolComte: string;
export let droitCnaolAuvergne: string;

export type Methode = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export const appel = (
  methode: Methode,
  url: string,
  token: string,
  droit?: string,
  payload?: object,
) => ctx.app.inject({ method: methode, url, headers: bearer(token, droit), payload });

async function droit(login: string, odg: 'comte' | 'auvergne') {
  const d = await premiereLigne(
    ctx.database.db,
    sql`select d.id::text as id from droit d join organisme o on o.id = d.organisme_id
         join utilisateur u on u.id = d.utilisateur_id
        where u.login = ${login} and o.mail = ${`contact@${odg}.odg.test`}`,
    z.object({ id: colonne.texte }),
  );
  if (!d) throw new Error(`${login} ${odg}`);
  return d.id;
}

/** Signs the demo accounts in and finds their rights on Comté and Auvergne. */
async function preparerParametrage(): Promise<void> {
  ctx = await createTestApp();
  ({ accessToken: cnaol } = await login(ctx.app, 'cnaol@estive.test'));
  ({ accessToken: animateur } = await login(ctx.app, 'animateur@estive.test'));
  ({ accessToken: controleur } = await login(ctx.app, 'controleur@estive.test'));
  droitComte = await droit('animateur@estive.test', 'comte');
  droitAuvergne = await droit('animateur@estive.test', 'auvergne');
  droitCnaolComte = await droit('cnaol@estive.test', 'comte');
  droitCnaolAuvergne = await droit('cnaol@estive.test', 'auvergne');
}

/** A test file's app, prepared before its tests (see preparerParametrage) and closed after them. */
export function suiteParametrage(): void {
  beforeAll(preparerParametrage, 60_000);
  afterAll(() => ctx.close());
}
