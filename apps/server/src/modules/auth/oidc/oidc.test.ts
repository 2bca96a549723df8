import { z } from 'zod';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalAction, utilisateur } from '../../../db/schema';
import { colonne, lignes } from '../../../db/lignes';
import {
  CLIENT_ID,
  CLIENT_ID_JSON,
  CLIENT_SECRET,
  demarrerFournisseurOidc,
  SCOPES,
  type FournisseurOidc,
} from '../../../test/fournisseur-oidc.test-helpers';
import { bearer, createTestApp, login, type TestContext } from '../../../test/test-app';
import { connexionFederee, Navigateur, PUBLIC_URL, rappeler } from './oidc.test-helpers';

/**
 * Issue 30: sign-in through a real OpenID provider (oidc-provider, started here on a port of its
 * own; Estive reaches it over HTTP as it would reach ProConnect). No HTTP is mocked.
 */

let fournisseur: FournisseurOidc;
let ctx: TestContext;
/** The server's log lines: a refusal's cause is checked there (the browser only sees 'echec'). */
const lignesDuJournal: string[] = [];
const derniereCause = () => {
  const ligne = lignesDuJournal.findLast((l) => l.includes('connexion fédérée en échec'));
  const { err } = JSON.parse(ligne ?? '{}') as { err?: { message?: string; error?: string } };
  return `${err?.message ?? ''} ${err?.error ?? ''}`;
};
const ANIMATEUR = 'animateur@estive.test';

const env = (clientId: string, extra: NodeJS.ProcessEnv = {}) => ({
  PUBLIC_URL,
  OIDC_ISSUER: fournisseur.issuer,
  OIDC_CLIENT_ID: clientId,
  OIDC_CLIENT_SECRET: CLIENT_SECRET,
  OIDC_SCOPES: SCOPES,
  OIDC_ACR_VALUES: 'eidas1',
  OIDC_LIBELLE: 'Fournisseur de test',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  ...extra,
});

const idDe = async (c: TestContext, login: string) =>
  (await c.database.db.select().from(utilisateur).where(eq(utilisateur.login, login)))[0]!;

const journal = (c: TestContext, utilisateurId: number) =>
  c.database.db
    .select()
    .from(journalAction)
    .where(
      and(
        eq(journalAction.utilisateurId, utilisateurId),
        like(journalAction.action, 'CONNEXION_FEDEREE%'),
      ),
    );

/** The SIRETs of the animateur's organisations, and one of an organisation he has no right on. */
async function sirets(c: TestContext) {
  const rows = await lignes(
    c.database.db,
    sql`select o.siret, exists (select 1 from droit d join utilisateur u on u.id = d.utilisateur_id
          where d.organisme_id = o.id and u.login = ${ANIMATEUR}) as sien
        from organisme o where o.siret is not null`,
    z.object({ siret: colonne.texte, sien: colonne.booleen }),
  );
  return { sien: rows.find((r) => r.sien)!.siret, autre: rows.find((r) => !r.sien)!.siret };
}

/** The session a callback opened: its refresh cookie gives an access token and the principal. */
async function principalDe(c: TestContext, refresh: string | undefined) {
  const r = await c.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { estive_refresh: refresh ?? '' },
  });
  expect(r.statusCode).toBe(200);
  const { accessToken } = r.json<{ accessToken: string }>();
  const p = await c.app.inject({
    method: 'GET',
    url: '/api/principal',
    headers: bearer(accessToken),
  });
  return p.json<{ login: string; droits: { siret: string | null }[] }>();
}

beforeAll(async () => {
  fournisseur = await demarrerFournisseurOidc({ publicUrl: PUBLIC_URL });
  ctx = await createTestApp(env(CLIENT_ID, { LOG_LEVEL: 'warn' }), {
    journal: { write: (l) => void lignesDuJournal.push(l) },
  });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await fournisseur.fermer();
});

describe('federated sign-in against a real provider (signed userinfo, acr eidas1)', () => {
  it('the sign-in page is told the button and its name', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/config' });
    expect(r.json()).toEqual({ actif: true, libelle: 'Fournisseur de test' });
  });

  it('success: bound by verified email, the same session as a password sign-in, journaled', async () => {
    const { sien } = await sirets(ctx);
    fournisseur.comptes.set(ANIMATEUR, { siret: sien, given_name: 'Anne', usual_name: 'Imateur' });
    const p = await connexionFederee(ctx.app, new Navigateur(), ANIMATEUR);
    expect(p.statut).toBe(302);
    expect(p.location).toBe('/');
    expect(p.refresh).toBeDefined();
    const principal = await principalDe(ctx, p.refresh);
    expect(principal.login).toBe(ANIMATEUR);
    expect(principal.droits.map((d) => d.siret)).toContain(sien);
    const u = await idDe(ctx, ANIMATEUR);
    const lignes = await journal(ctx, u.id);
    expect(lignes.map((l) => l.action)).toEqual(['CONNEXION_FEDEREE_LIAISON']);
    expect(lignes[0]!.details).toMatchObject({ issuer: fournisseur.issuer, sub: ANIMATEUR });
  });

  it('then found by the subject, whatever the email has become', async () => {
    fournisseur.comptes.set(ANIMATEUR, { email: 'anne.nouvelle@ailleurs.fr' });
    const p = await connexionFederee(ctx.app, new Navigateur(), ANIMATEUR);
    expect(p.location).toBe('/');
    expect((await principalDe(ctx, p.refresh)).login).toBe(ANIMATEUR);
    fournisseur.comptes.delete(ANIMATEUR);
  });

  it('wrong state: refused before the code is exchanged', async () => {
    const p = await connexionFederee(ctx.app, new Navigateur(), ANIMATEUR, {
      falsifier: (u) => u.searchParams.set('state', 'etat-d-un-autre'),
    });
    expect(p.location).toBe('/login?oidc=echec');
    expect(derniereCause()).toMatch(/"state"/);
    expect(p.refresh).toBeUndefined();
  });

  it('no transaction cookie (login CSRF): refused', async () => {
    const p = await connexionFederee(ctx.app, new Navigateur(), ANIMATEUR);
    const sans = await rappeler(ctx.app, p.callback, '');
    expect(sans.location).toBe('/login?oidc=echec');
    expect(derniereCause()).toMatch(/transaction absente/);
  });

  it('replayed code: the provider refuses it, no second session', async () => {
    const p = await connexionFederee(ctx.app, new Navigateur(), ANIMATEUR);
    expect(p.location).toBe('/');
    const rejeu = await rappeler(ctx.app, p.callback, p.transaction);
    expect(rejeu.location).toBe('/login?oidc=echec');
    expect(derniereCause()).toMatch(/invalid_grant/);
    expect(rejeu.refresh).toBeUndefined();
  });

  it('wrong nonce: an ID token for another request is refused', async () => {
    const p = await connexionFederee(ctx.app, new Navigateur(), ANIMATEUR, {
      alterer: (u) => u.searchParams.set('nonce', 'nonce-d-un-autre'),
    });
    expect(p.location).toBe('/login?oidc=echec');
    expect(derniereCause()).toMatch(/"nonce"/);
    expect(p.refresh).toBeUndefined();
  });

  it('unknown email: refused, no account created', async () => {
    const avant = await ctx.database.db.$count(utilisateur);
    const p = await connexionFederee(ctx.app, new Navigateur(), 'inconnu@ailleurs.fr');
    expect(p.location).toBe('/login?oidc=compte-inconnu');
    expect(await ctx.database.db.$count(utilisateur)).toBe(avant);
  });

  it('unverified email: not matched to an account', async () => {
    fournisseur.comptes.set('controleur@estive.test', { email_verified: false });
    const p = await connexionFederee(ctx.app, new Navigateur(), 'controleur@estive.test');
    expect(p.location).toBe('/login?oidc=email-non-verifie');
    fournisseur.comptes.delete('controleur@estive.test');
  });

  it('SIRET of an organisation the account holds no right on: refused and journaled', async () => {
    const { autre } = await sirets(ctx);
    fournisseur.comptes.set(ANIMATEUR, { siret: autre });
    const p = await connexionFederee(ctx.app, new Navigateur(), ANIMATEUR);
    expect(p.location).toBe('/login?oidc=siret');
    expect(p.refresh).toBeUndefined();
    const u = await idDe(ctx, ANIMATEUR);
    const refus = (await journal(ctx, u.id)).filter((l) => l.action === 'CONNEXION_FEDEREE_REFUS');
    expect(refus.at(-1)?.details).toMatchObject({ motif: 'siret', siret: autre });
    fournisseur.comptes.delete(ANIMATEUR);
  });

  it('deactivated account: refused and journaled', async () => {
    const login = 'controleur@estive.test';
    await ctx.database.db
      .update(utilisateur)
      .set({ actif: false })
      .where(eq(utilisateur.login, login));
    try {
      const p = await connexionFederee(ctx.app, new Navigateur(), login);
      expect(p.location).toBe('/login?oidc=compte-desactive');
      const u = await idDe(ctx, login);
      const lignes = await journal(ctx, u.id);
      expect(lignes.map((l) => [l.action, l.details.motif])).toEqual([
        ['CONNEXION_FEDEREE_REFUS', 'compte-desactive'],
      ]);
    } finally {
      await ctx.database.db
        .update(utilisateur)
        .set({ actif: true })
        .where(eq(utilisateur.login, login));
    }
  });

  it('logout ends the session here and at the provider (end_session, id_token_hint)', async () => {
    const navigateur = new Navigateur();
    const p = await connexionFederee(ctx.app, navigateur, ANIMATEUR);
    expect(p.aDemandeConnexion).toBe(true);
    // While the provider's session lives, a new sign-in does not ask again.
    const encore = await connexionFederee(ctx.app, navigateur, ANIMATEUR);
    expect(encore.aDemandeConnexion).toBe(false);
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { estive_refresh: encore.refresh ?? '' },
    });
    expect(r.statusCode).toBe(200);
    const fin = new URL(r.json<{ finSessionFournisseur: string }>().finSessionFournisseur);
    expect(fin.origin).toBe(fournisseur.issuer);
    expect(fin.searchParams.get('id_token_hint')).toBeTruthy();
    expect(fin.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { estive_refresh: encore.refresh ?? '' },
    });
    expect(refresh.statusCode).toBe(401);
    const apres = await navigateur.confirmerDeconnexion(fin.href);
    expect(apres.href).toBe(`${PUBLIC_URL}/login`);
    // The provider forgot the user: the next sign-in asks again.
    const ensuite = await connexionFederee(ctx.app, navigateur, ANIMATEUR);
    expect(ensuite.aDemandeConnexion).toBe(true);
    expect(ensuite.location).toBe('/');
  });

  it('a password session logs out without the provider (204)', async () => {
    const { refreshCookie } = await login(ctx.app, 'controleur@estive.test');
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { estive_refresh: refreshCookie ?? '' },
    });
    expect(r.statusCode).toBe(204);
  });

  it('CNAOL may require the provider for office roles: their password is refused, not a controller’s', async () => {
    const cnaol = await login(ctx.app, 'cnaol@estive.test');
    const poser = (valeur: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/parametrage/connexion',
        headers: bearer(cnaol.accessToken),
        payload: { federationObligatoireBureau: valeur },
      });
    expect((await poser(true)).statusCode).toBe(200);
    try {
      const refuse = await login(ctx.app, ANIMATEUR);
      expect(refuse.res.statusCode).toBe(403);
      expect(refuse.res.json<{ message: string }>().message).toBe(
        'La CNAOL exige la connexion avec Fournisseur de test pour les comptes du bureau : utilisez le bouton « Se connecter avec Fournisseur de test ».',
      );
      expect((await login(ctx.app, 'controleur@estive.test')).res.statusCode).toBe(200);
      const p = await connexionFederee(ctx.app, new Navigateur(), ANIMATEUR);
      expect(p.location).toBe('/');
      const lu = await ctx.app.inject({
        method: 'GET',
        url: '/api/parametrage/connexion',
        headers: bearer(cnaol.accessToken),
      });
      expect(lu.json()).toEqual({ federationObligatoireBureau: true });
    } finally {
      expect((await poser(false)).statusCode).toBe(200);
    }
    expect((await login(ctx.app, ANIMATEUR)).res.statusCode).toBe(200);
  });
});

describe('plain JSON userinfo, and an ID token that arrives expired', () => {
  let ctx2: TestContext;
  beforeAll(async () => {
    ctx2 = await createTestApp(
      env(CLIENT_ID_JSON, { OIDC_TOLERANCE_HORLOGE_SECONDES: '0', LOG_LEVEL: 'warn' }),
      { journal: { write: (l) => void lignesDuJournal.push(l) } },
    );
  }, 60_000);
  afterAll(() => ctx2.close());

  it('success with userinfo as JSON', async () => {
    const p = await connexionFederee(ctx2.app, new Navigateur(), ANIMATEUR);
    expect(p.location).toBe('/');
    expect((await principalDe(ctx2, p.refresh)).login).toBe(ANIMATEUR);
  });

  it('expired id_token: refused', async () => {
    fournisseur.dureeIdToken = 1;
    fournisseur.retardJetonMs = 2100;
    try {
      const p = await connexionFederee(ctx2.app, new Navigateur(), ANIMATEUR);
      expect(p.location).toBe('/login?oidc=echec');
      expect(derniereCause()).toMatch(/"exp"/);
      expect(p.refresh).toBeUndefined();
    } finally {
      fournisseur.dureeIdToken = 3600;
      fournisseur.retardJetonMs = 0;
    }
  });
});

describe('without a provider configured', () => {
  let ctx3: TestContext;
  beforeAll(async () => {
    ctx3 = await createTestApp();
  }, 60_000);
  afterAll(() => ctx3.close());

  it('the OpenAPI document lists every new endpoint, configured or not', async () => {
    const r = await ctx3.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = r.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(paths['/api/auth/oidc/config'] ?? {})).toContain('get');
    expect(Object.keys(paths['/api/auth/oidc/connexion'] ?? {})).toContain('get');
    expect(Object.keys(paths['/api/auth/oidc/callback'] ?? {})).toContain('get');
    expect(Object.keys(paths['/api/parametrage/connexion'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put']),
    );
  });

  it('no button, the routes send back to the sign-in page, the setting cannot be turned on', async () => {
    const config = await ctx3.app.inject({ method: 'GET', url: '/api/auth/oidc/config' });
    expect(config.json()).toEqual({ actif: false, libelle: null });
    for (const url of ['/api/auth/oidc/connexion', '/api/auth/oidc/callback?code=x&state=y']) {
      const r = await ctx3.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(302);
      expect(r.headers.location).toBe('/login?oidc=indisponible');
    }
    const cnaol = await login(ctx3.app, 'cnaol@estive.test');
    const r = await ctx3.app.inject({
      method: 'PUT',
      url: '/api/parametrage/connexion',
      headers: bearer(cnaol.accessToken),
      payload: { federationObligatoireBureau: true },
    });
    expect(r.statusCode).toBe(409);
  });
});
