import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TdbControleLigne } from '@estive/contracts';
import { bearer, createTestApp, login, premier, type TestContext } from '../../test/test-app';
import { pousser, premierControle, saisie } from '../synchro/synchro.test-helpers';
import { pdfSimple } from '../../demo/fichiers-demo';

/**
 * The Contrôles tab's controller/auditor filter (the `auditeur` column) and its report link: a
 * controller's signed report, pushed from the device, is what the tab opens. PGlite, and
 * PostgreSQL with DATABASE_URL.
 */
let ctx: TestContext;
let animateur: string;
let controleur: string;
beforeAll(async () => {
  ctx = await createTestApp();
  animateur = (await login(ctx.app, 'animateur@estive.test')).accessToken;
  controleur = (await login(ctx.app, 'controleur@estive.test')).accessToken;
});
afterAll(() => ctx.close());

type Page = { content: TdbControleLigne[]; totalElements: number };
const lire = async (url: string) =>
  (await ctx.app.inject({ url, headers: bearer(animateur) })).json<Page>();

describe('GET /api/tdb/controle?auditeur=', () => {
  it('finds internal controls by their controller and external ones by their auditor', async () => {
    const tous = await lire('/api/tdb/controle?size=2000');
    const interne = premier(tous.content.filter((c) => c.nature === 'INTERNE' && c.auditeur));
    const externe = premier(tous.content.filter((c) => c.nature === 'EXTERNE' && c.auditeur));
    for (const c of [interne, externe]) {
      const nom = c.auditeur!.split(' ').at(-1)!;
      // Accent- and case-blind, on the first name, the name or both.
      const trouves = await lire(
        `/api/tdb/controle?size=2000&auditeur=${encodeURIComponent(nom.toUpperCase())}`,
      );
      expect(trouves.content.map((x) => x.id)).toContain(c.id);
      for (const x of trouves.content)
        expect(x.auditeur?.toUpperCase()).toContain(nom.toUpperCase());
      const complet = await lire(
        `/api/tdb/controle?size=2000&auditeur=${encodeURIComponent(c.auditeur!)}`,
      );
      expect(complet.content.map((x) => x.id)).toContain(c.id);
    }
    const personne = await lire('/api/tdb/controle?auditeur=Zzyzx%20Inconnu');
    expect(personne.totalElements).toBe(0);
  });
});

describe('the report of a control in the Contrôles tab', () => {
  it('links the signed report the controller pushed, served as a PDF to the office', async () => {
    const doc = await premierControle(ctx.app, controleur);
    const aop = (doc.aopIgp as { id: string }).id;
    const avant = (
      await lire(`/api/tdb/controle?size=2000&personneMoraleId=${String(doc.personneMoraleId)}`)
    ).content.find((c) => c.id === doc.id);
    expect(avant?.rapportFichierId).toBeNull();
    const pdf = pdfSimple(['rapport signé du tableau de bord']);
    const { body } = await pousser(
      ctx.app,
      controleur,
      { controles: [saisie(doc, 'tdb-rapport')] },
      [{ nom: `${doc.id}__${aop}__RAPPORT_AUDIT.pdf`, contenu: pdf }],
    );
    expect(body!.documents.map((d) => d.statut)).toEqual(['ACCEPTE']);
    const ligne = (
      await lire(`/api/tdb/controle?size=2000&personneMoraleId=${String(doc.personneMoraleId)}`)
    ).content.find((c) => c.id === doc.id);
    expect(ligne?.rapportFichierId).toEqual(expect.any(String));
    const fichier = await ctx.app.inject({
      url: `/api/fichier/${ligne!.rapportFichierId!}`,
      headers: bearer(animateur),
    });
    expect(fichier.statusCode).toBe(200);
    expect(fichier.headers['content-type']).toBe('application/pdf');
    expect(fichier.rawPayload.equals(pdf)).toBe(true);
  });
});
