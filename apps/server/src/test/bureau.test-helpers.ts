import { bearer, createTestApp, login, type TestContext } from './test-app';

/** The app on a fresh demo database, with the office's demo users signed in. */
export interface Bureau {
  ctx: TestContext;
  /** animateur@estive.test: Comté and Auvergne. */
  animateur: string;
  controleur: string;
  cnaol: string;
  /** The animateur's rights, as `/api/principal` lists them (Comté first). */
  droits: string[];
}

/** Opens a test app and signs its office users in; the caller closes `ctx`. */
export async function ouvrirBureau(): Promise<Bureau> {
  const ctx = await createTestApp();
  const jeton = async (mail: string) => (await login(ctx.app, mail)).accessToken;
  const animateur = await jeton('animateur@estive.test');
  const controleur = await jeton('controleur@estive.test');
  const cnaol = await jeton('cnaol@estive.test');
  const res = await ctx.app.inject({ url: '/api/principal', headers: bearer(animateur) });
  const droits = res.json<{ droits: { id: string }[] }>().droits.map((d) => d.id);
  return { ctx, animateur, controleur, cnaol, droits };
}

/** Opens a test app and signs one user in (the demo controller unless told); the caller closes `ctx`. */
export async function ouvrirConnecte(
  mail = 'controleur@estive.test',
): Promise<{ ctx: TestContext; token: string }> {
  const ctx = await createTestApp();
  return { ctx, token: (await login(ctx.app, mail)).accessToken };
}
