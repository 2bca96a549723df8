import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { colonne, lignes } from '../../db/lignes';
import { bearer, login, premier, type TestContext } from '../../test/test-app';

/** The demo ODG whose contact mail is `contact@<cle>.odg.test`, and a user's right on it. */
export async function odg(ctx: TestContext, cle: string) {
  const rows = await lignes(
    ctx.database.db,
    sql`select id, siret, raison_sociale as "raisonSociale" from organisme where mail = ${`contact@${cle}.odg.test`}`,
    z.object({
      id: colonne.entier,
      siret: colonne.texte.nullable(),
      raisonSociale: colonne.texte,
    }),
  );
  return premier(rows, `ODG ${cle}`);
}

export async function droitDe(ctx: TestContext, loginCompte: string, odgId: number) {
  const rows = await lignes(
    ctx.database.db,
    sql`select d.id from droit d join utilisateur u on u.id = d.utilisateur_id
        where u.login = ${loginCompte} and d.organisme_id = ${odgId}`,
    z.object({ id: colonne.entier }),
  );
  return String(premier(rows, `droit de ${loginCompte}`).id);
}

/** Headers of a signed-in user acting under its right on that ODG. */
export async function entetes(ctx: TestContext, loginCompte: string, odgId: number) {
  const { accessToken } = await login(ctx.app, loginCompte);
  return bearer(accessToken, await droitDe(ctx, loginCompte, odgId));
}

/** A multipart body with the file part `fichier`. */
export function multipart(contenu: Buffer | string, nom = 'comptes.csv') {
  const frontiere = '----estive-import';
  const payload = Buffer.concat([
    Buffer.from(
      `--${frontiere}\r\nContent-Disposition: form-data; name="fichier"; filename="${nom}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(contenu) ? contenu : Buffer.from(contenu),
    Buffer.from(`\r\n--${frontiere}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${frontiere}` } };
}

export const importer = (
  app: FastifyInstance,
  headers: Record<string, string>,
  contenu: Buffer | string,
  simulation: boolean,
) => {
  const corps = multipart(contenu);
  return app.inject({
    method: 'POST',
    url: `/api/utilisateur/import?simulation=${String(simulation)}`,
    headers: { ...headers, ...corps.headers },
    payload: corps.payload,
  });
};
