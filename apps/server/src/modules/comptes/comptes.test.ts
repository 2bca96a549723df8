import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';
import { serveurSmtp, texteDe } from '../mail/smtp.test-helpers';
import { entetes, odg } from './comptes.test-helpers';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof serveurSmtp>>;
let comte: Awaited<ReturnType<typeof odg>>;
let auvergne: Awaited<ReturnType<typeof odg>>;
let cnaol: Record<string, string>;

beforeAll(async () => {
  smtp = await serveurSmtp();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://estive.example' });
  comte = await odg(ctx, 'comte');
  auvergne = await odg(ctx, 'auvergne');
  cnaol = await entetes(ctx, 'cnaol@estive.test', comte.id);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await smtp.fermer();
});

const creer = (headers: Record<string, string>, corps: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/utilisateur', headers, payload: corps });

const liste = async (headers: Record<string, string>, recherche?: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/utilisateur?size=2000${recherche ? `&recherche=${encodeURIComponent(recherche)}` : ''}`,
      headers,
    })
  ).json<{
    content: { id: string; mail: string; actif: boolean; motDePasseTemporaire: boolean }[];
  }>().content;

describe('accounts: creation, temporary password, first sign-in', () => {
  it('CNAOL creates a controller; the invitation reaches the SMTP server with the temporary password', async () => {
    const res = await creer(cnaol, {
      mail: 'Nouveau.Controleur@Comte.test',
      nom: 'Rivière',
      prenom: 'Léa',
      role: 'ROLE_CONTROLEUR',
      odgIds: [String(comte.id)],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ invitation: 'ENVOYE' });
    const recu = smtp.recus.find((m) => m.a.includes('nouveau.controleur@comte.test'));
    const texte = texteDe(recu?.brut ?? '');
    expect(texte).toContain('Bonjour Léa Rivière');
    const motDePasse = /Mot de passe temporaire : (\S+)/.exec(texte)?.[1] ?? '';
    expect(motDePasse).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}!$/);

    const { res: connexion, accessToken } = await login(
      ctx.app,
      'nouveau.controleur@comte.test',
      motDePasse,
    );
    expect(connexion.statusCode).toBe(200);
    const principal = await ctx.app.inject({
      method: 'GET',
      url: '/api/principal',
      headers: bearer(accessToken),
    });
    expect(principal.json()).toMatchObject({
      motDePasseTemporaire: true,
      roles: ['ROLE_CONTROLEUR'],
    });
    // Nothing else until the password is changed.
    const tournees = await ctx.app.inject({
      method: 'GET',
      url: '/api/synchro/tournee',
      headers: bearer(accessToken),
    });
    expect(tournees.statusCode).toBe(403);
    expect(tournees.json<{ message: string }>().message).toBe(
      'Vous devez changer votre mot de passe temporaire avant de continuer',
    );

    const changer = (actuel: string, nouveau: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/principal/mot-de-passe',
        headers: bearer(accessToken),
        payload: { actuel, nouveau },
      });
    const faible = await changer(motDePasse, 'court');
    expect(faible.statusCode).toBe(400);
    expect(faible.json<{ fieldErrors: { field: string }[] }>().fieldErrors[0]?.field).toBe(
      'nouveau',
    );
    const mauvais = await changer('pas-le-bon', 'Fromage-Comté-2026!');
    expect(mauvais.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      { field: 'actuel', defaultMessage: 'Mot de passe actuel incorrect' },
    ]);
    expect((await changer(motDePasse, motDePasse)).statusCode).toBe(400);
    expect((await changer(motDePasse, 'Fromage-Comté-2026!')).statusCode).toBe(204);

    const apres = await ctx.app.inject({
      method: 'GET',
      url: '/api/synchro/tournee',
      headers: bearer(accessToken),
    });
    expect(apres.statusCode).toBe(200);
    expect((await login(ctx.app, 'nouveau.controleur@comte.test', motDePasse)).res.statusCode).toBe(
      401,
    );
    expect(
      (await login(ctx.app, 'nouveau.controleur@comte.test', 'Fromage-Comté-2026!')).res.statusCode,
    ).toBe(200);
  });

  it('a given temporary password must meet the rules; a taken mail is a 409; hostile text a 400', async () => {
    const base = {
      nom: 'Durand',
      prenom: 'Paul',
      role: 'ROLE_ANIMATEUR',
      odgIds: [String(comte.id)],
    };
    const faible = await creer(cnaol, { ...base, mail: 'p.durand@odg.test', motDePasse: 'estive' });
    expect(faible.statusCode).toBe(400);
    expect(
      faible.json<{ fieldErrors: { field: string }[] }>().fieldErrors.map((f) => f.field),
    ).toEqual(['motDePasse']);
    const pris = await creer(cnaol, { ...base, mail: 'CONTROLEUR@estive.test' });
    expect(pris.statusCode).toBe(409);
    expect(pris.json<{ message: string }>().message).toBe('Un compte existe déjà avec cet email');
    const nul = await creer(cnaol, { ...base, mail: 'x@odg.test', nom: 'A\u0000B' });
    expect(nul.statusCode).toBe(400);
    const odgInconnu = await creer(cnaol, { ...base, mail: 'y@odg.test', odgIds: ['987654321'] });
    expect(odgInconnu.statusCode).toBe(400);
  });
});

describe('accounts: roles and perimeter', () => {
  it('the list holds the accounts with a right on the active ODG only', async () => {
    const mails = (await liste(cnaol)).map((c) => c.mail);
    expect(mails).toContain('controleur@estive.test');
    expect(mails).not.toContain('controleur.auvergne@estive.test');
    const surAuvergne = await entetes(ctx, 'cnaol@estive.test', auvergne.id);
    expect((await liste(surAuvergne)).map((c) => c.mail)).toContain(
      'controleur.auvergne@estive.test',
    );
  });

  it('an ANIMATEUR under its ODG right manages its ODG only, never a CNAOL account', async () => {
    const animateur = await entetes(ctx, 'animateur@estive.test', comte.id);
    const base = { nom: 'Martin', prenom: 'Zoé', mail: 'z.martin@odg.test' };
    expect(
      (await creer(animateur, { ...base, role: 'ROLE_CNAOL', odgIds: [String(comte.id)] }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await creer(animateur, {
          ...base,
          role: 'ROLE_CONTROLEUR',
          odgIds: [String(comte.id), String(auvergne.id)],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await creer(animateur, { ...base, role: 'ROLE_CONTROLEUR', odgIds: [String(comte.id)] }))
        .statusCode,
    ).toBe(201);
    const cnaolId = (await liste(animateur, 'cnaol@')).at(0)?.id;
    expect(cnaolId).toBeDefined();
    const desactiver = await ctx.app.inject({
      method: 'POST',
      url: `/api/utilisateur/${cnaolId ?? ''}/desactivation`,
      headers: animateur,
    });
    expect(desactiver.statusCode).toBe(404);
  });

  it('an ANIMATEUR under an ODG_REFERENTE right and a controller are refused', async () => {
    const referente = await entetes(ctx, 'animateur@estive.test', auvergne.id);
    const controleur = await entetes(ctx, 'controleur@estive.test', comte.id);
    for (const headers of [referente, controleur]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/utilisateur', headers });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('deactivation', () => {
  it('signs the account out at once: its access token, its refresh cookie and its password stop working', async () => {
    const session = await login(ctx.app, 'controleur2@estive.test');
    const id = (await liste(cnaol, 'controleur2@')).at(0)?.id ?? '';
    const desactiver = await ctx.app.inject({
      method: 'POST',
      url: `/api/utilisateur/${id}/desactivation`,
      headers: cnaol,
    });
    expect(desactiver.statusCode).toBe(204);
    const appel = await ctx.app.inject({
      method: 'GET',
      url: '/api/principal',
      headers: bearer(session.accessToken),
    });
    expect(appel.statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { estive_refresh: session.refreshCookie ?? '' },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await login(ctx.app, 'controleur2@estive.test')).res.statusCode).toBe(401);
    expect((await liste(cnaol, 'controleur2@')).at(0)?.actif).toBe(false);

    const reactiver = await ctx.app.inject({
      method: 'POST',
      url: `/api/utilisateur/${id}/reactivation`,
      headers: cnaol,
    });
    expect(reactiver.statusCode).toBe(204);
    expect((await login(ctx.app, 'controleur2@estive.test')).res.statusCode).toBe(200);
  });

  it('nobody deactivates their own account', async () => {
    const id = (await liste(cnaol, 'cnaol@')).at(0)?.id ?? '';
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/utilisateur/${id}/desactivation`,
      headers: cnaol,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('rights: /api/droits/morale and /api/droits/controlleur', () => {
  it('gives and removes a right on the active ODG; the kind must match; the last right stays', async () => {
    const surAuvergne = await entetes(ctx, 'cnaol@estive.test', auvergne.id);
    const id = (await liste(cnaol, 'controleur@estive')).at(0)?.id ?? '';
    const mauvais = await ctx.app.inject({
      method: 'POST',
      url: '/api/droits/morale',
      headers: surAuvergne,
      payload: { utilisateurId: id },
    });
    expect(mauvais.statusCode).toBe(400);
    const donne = await ctx.app.inject({
      method: 'POST',
      url: '/api/droits/controlleur',
      headers: surAuvergne,
      payload: { utilisateurId: id },
    });
    expect(donne.statusCode).toBe(201);
    const droitId = donne.json<{ id: string }>().id;
    expect((await liste(surAuvergne)).map((c) => c.mail)).toContain('controleur@estive.test');
    // From another perimeter the right is not found.
    const ailleurs = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/droits/controlleur/${droitId}`,
      headers: cnaol,
    });
    expect(ailleurs.statusCode).toBe(404);
    const retire = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/droits/controlleur/${droitId}`,
      headers: surAuvergne,
    });
    expect(retire.statusCode).toBe(204);
    const dernier = (await liste(cnaol, 'controleur@estive')).at(0) as unknown as {
      droits: { id: string }[];
    };
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/droits/controlleur/${dernier.droits[0]?.id ?? ''}`,
      headers: cnaol,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('Le compte doit garder au moins un droit');
  });
});
