import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decouperEnLots, LIMITES_PUSH } from '@estive/contracts';
import { controle, fichier } from '../../db/schema';
import type { TestContext } from '../../test/test-app';
import { ouvrirConnecte } from '../../test/bureau.test-helpers';
import { nouveauControle } from './fixtures.test-helpers';
import { corpsPush, pousser, type FichierTest } from './synchro.test-helpers';
import { pdfSimple } from '../../demo/fichiers-demo';

/**
 * Issue 13 item 3 against the real server: a backlog of 90 controls with their reports does not
 * fit one request (413), and goes through once split as the device splits it (`decouperEnLots`,
 * shared with apps/web/src/offline/sync/push.ts). Files are small here, so the file count is the
 * limit that splits (the byte limits are the web test's, push.lots.test.ts: 50 MB through PGlite
 * is minutes on a loaded machine).
 */
let ctx: TestContext, token: string;
beforeAll(async () => {
  ({ ctx, token } = await ouvrirConnecte());
});
afterAll(() => ctx.close());

/** `n` new controls of the demo, each with its audit report of about `octets` bytes. */
async function controlesAvecRapport(
  n: number,
  marque: string,
  premierLocal: number,
  octets: number,
) {
  const controles: Nouveau[] = [];
  const fichiers = new Map<string, FichierTest[]>();
  for (let i = 0; i < n; i++) {
    const c = await nouveauControle(ctx.database.db, {
      marque: `${marque}-${String(i)}`,
      rang: i % 5,
      localId: `local-${String(premierLocal + i)}`,
    });
    controles.push(c);
    fichiers.set(c.localId, [
      {
        nom: `${c.clientUuid}__${c.aopIgp.id}__RAPPORT_AUDIT.pdf`,
        contenu: pdf(c.clientUuid, octets),
      },
    ]);
  }
  return { controles, fichiers };
}

/** A real PDF of about `octets` bytes, different for each `graine` (files are recognised by sha256). */
const pdf = (graine: string, octets: number) => pdfSimple([graine, 'x'.repeat(octets)]);

type Nouveau = Awaited<ReturnType<typeof nouveauControle>>;

function lotsDe(controles: Nouveau[], fichiers: Map<string, FichierTest[]>) {
  return decouperEnLots(
    controles.map((c) => ({
      id: c.localId,
      octetsData: Buffer.byteLength(JSON.stringify(c)),
      fichiers: (fichiers.get(c.localId) ?? []).map((f) => ({
        id: f.nom,
        octets: f.contenu.length,
        octetsDescripteur: 200,
      })),
    })),
  );
}

describe('a backlog split under LIMITES_PUSH', () => {
  it('90 new controls with a report each: one request is refused (413), the split ones all pass', async () => {
    const { controles, fichiers } = await controlesAvecRapport(90, 'lot', 510_000, 2_000);
    const tous = [...fichiers.values()].flat();
    const enUne = await pousser(ctx.app, token, { newControles: controles, controles: [] }, tous);
    expect(enUne.res.statusCode).toBe(413);

    const lots = lotsDe(controles, fichiers);
    expect(lots.length).toBeGreaterThanOrEqual(2);
    const parId = new Map(controles.map((c) => [c.localId, c]));
    const ids: string[] = [];
    for (const lot of lots) {
      expect(lot.controles.flatMap((id) => fichiers.get(id) ?? []).length).toBeLessThanOrEqual(
        LIMITES_PUSH.fichiers,
      );
      const { res, body } = await pousser(
        ctx.app,
        token,
        { newControles: lot.controles.map((id) => parId.get(id)!), controles: [] },
        lot.controles.flatMap((id) => fichiers.get(id) ?? []),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(body!.resultats.map((r) => r.statut)).toEqual(lot.controles.map(() => 'ACCEPTE'));
      expect(body!.documents.every((d) => d.statut === 'ACCEPTE')).toBe(true);
      ids.push(...body!.resultats.map((r) => r.id!));
    }
    expect(new Set(ids).size).toBe(90);
    const [stockes] = await ctx.database.db
      .select({ n: count() })
      .from(fichier)
      .where(inArray(fichier.controleId, ids.map(Number)));
    expect(stockes?.n).toBe(90);
  });

  it('a control with 70 files goes with each share of them: ACCEPTE, then DOUBLON, every file attached', async () => {
    const c = await nouveauControle(ctx.database.db, {
      marque: 'gros-controle',
      rang: 7,
      localId: 'local-520000',
    });
    const siens: FichierTest[] = Array.from({ length: 70 }, (_, i) => ({
      nom: `${c.clientUuid}__${c.aopIgp.id}__SIGNATURE-${String(i)}.pdf`,
      contenu: pdf(`${c.clientUuid}-${String(i)}`, 2_000),
      controleId: c.localId,
      typeDocument: 'SIGNATURE' as const,
    }));
    const lots = lotsDe([c], new Map([[c.localId, siens]]));
    expect(lots.length).toBeGreaterThanOrEqual(2);
    const statuts: string[] = [];
    let id: string | null = null;
    for (const lot of lots) {
      const { res, body } = await pousser(
        ctx.app,
        token,
        { newControles: [c], controles: [] },
        siens.filter((f) => lot.fichiers.includes(f.nom)),
      );
      expect(res.statusCode, res.body).toBe(200);
      statuts.push(body!.resultats[0]!.statut);
      id ??= body!.resultats[0]!.id;
      expect(body!.resultats[0]!.id).toBe(id);
      expect(body!.documents.map((d) => d.statut)).toEqual(lot.fichiers.map(() => 'ACCEPTE'));
    }
    expect(statuts).toEqual(['ACCEPTE', ...lots.slice(1).map(() => 'DOUBLON')]);
    const [attaches] = await ctx.database.db
      .select({ n: count() })
      .from(fichier)
      .where(eq(fichier.controleId, Number(id)));
    expect(attaches?.n).toBe(70);
  });

  it("a day's push by control (issue 29): a request cut mid-body stores nothing, resent it passes, a lost answer resent is DOUBLON", async () => {
    const { controles, fichiers } = await controlesAvecRapport(8, 'journee', 530_000, 300_000);
    const lots = decouperEnLots(
      controles.map((c) => ({
        id: c.localId,
        octetsData: JSON.stringify(c).length,
        fichiers: (fichiers.get(c.localId) ?? []).map((f) => ({
          id: f.nom,
          octets: f.contenu.length,
          octetsDescripteur: 200,
        })),
      })),
      LIMITES_PUSH,
      { unControleAvecFichiersParLot: true },
    );
    expect(lots.map((l) => l.controles.length)).toEqual(controles.map(() => 1));
    const parId = new Map(controles.map((c) => [c.localId, c]));
    const envoyer = (lot: (typeof lots)[number]) =>
      pousser(
        ctx.app,
        token,
        { newControles: lot.controles.map((id) => parId.get(id)!), controles: [] },
        lot.controles.flatMap((id) => fichiers.get(id) ?? []),
      );
    const ids: string[] = [];
    for (const lot of lots.slice(0, 4)) {
      const { res, body } = await envoyer(lot);
      expect(res.statusCode, res.body).toBe(200);
      expect(body!.resultats.map((r) => r.statut)).toEqual(['ACCEPTE']);
      ids.push(body!.resultats[0]!.id!);
    }

    // The 5th is cut in the middle of its report: refused as incomplete, nothing of it stored.
    const cinquieme = parId.get(lots[4]!.controles[0]!)!;
    const { payload, headers } = corpsPush(
      { newControles: [cinquieme], controles: [] },
      fichiers.get(cinquieme.localId),
    );
    const coupe = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/controle',
      payload: payload.subarray(0, Math.floor(payload.length / 2)),
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(coupe.statusCode).toBe(400);
    expect(coupe.json()).toMatchObject({
      message: 'Requête incomplète ou illisible : renvoyez-la',
    });
    const [aucun] = await ctx.database.db
      .select({ n: count() })
      .from(controle)
      .where(eq(controle.clientUuid, cinquieme.clientUuid));
    expect(aucun?.n).toBe(0);

    // The link back, the device sends the rest, from the one under way.
    for (const lot of lots.slice(4)) {
      const { res, body } = await envoyer(lot);
      expect(res.statusCode, res.body).toBe(200);
      expect(body!.resultats.map((r) => r.statut)).toEqual(['ACCEPTE']);
      expect(body!.documents.map((d) => d.statut)).toEqual(['ACCEPTE']);
      ids.push(body!.resultats[0]!.id!);
    }
    // The 4th's answer was lost: resent, it is recognised, control and report.
    const doublon = await envoyer(lots[3]!);
    expect(doublon.body!.resultats.map((r) => [r.statut, r.id])).toEqual([['DOUBLON', ids[3]]]);
    expect(doublon.body!.documents.map((d) => d.statut)).toEqual(['DOUBLON']);

    expect(new Set(ids).size).toBe(8);
    const [stockes] = await ctx.database.db
      .select({ n: count() })
      .from(fichier)
      .where(inArray(fichier.controleId, ids.map(Number)));
    expect(stockes?.n).toBe(8);
  });
});
