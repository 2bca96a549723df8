import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jourParis } from '@estive/domain';
import { aopIgp, controle, manquement } from '../../db/schema';
import { ouvrirBureau, type Bureau } from '../../test/bureau.test-helpers';
import { bearer } from '../../test/test-app';
import {
  grilleAvecNc,
  nouveauControle,
  pointsDuLabel,
  type PointNc,
} from './fixtures.test-helpers';
import { MESSAGE_RAPPORT_NON_SIGNE, MESSAGE_RAPPORT_SCELLE } from './push-documents';
import {
  pousser,
  premierControle,
  saisie,
  toutTirer,
  type FichierTest,
} from './synchro.test-helpers';
import { pdfSimple } from '../../demo/fichiers-demo';

let b: Bureau;
beforeAll(async () => {
  b = await ouvrirBureau();
});
afterAll(() => b.ctx.close());

const db = () => b.ctx.database.db;
const sha256 = (octets: Buffer) => createHash('sha256').update(octets).digest('hex');

/** The operator of the controller's first unannounced controls, its label and that label's points. */
let pointsPris = 0;

/**
 * Each test takes points of its own, with no shortcoming yet: an open shortcoming of a point is
 * carried into later controls.
 */
async function contexte(n: number) {
  const modele = await nouveauControle(db(), { marque: 'contexte', rang: 0, localId: 'x' });
  const [label] = await db()
    .select({ id: aopIgp.id, libelle: aopIgp.libelle })
    .from(aopIgp)
    .where(eq(aopIgp.id, Number(modele.aopIgp.id)));
  const aop = { id: String(label!.id), libelle: label!.libelle };
  // Points the demo data gave this operator no shortcoming on: each test starts from none.
  const dejaConstates = new Set(
    (
      await db()
        .select({ id: manquement.pointControleId })
        .from(manquement)
        .where(eq(manquement.personneMoraleId, Number(modele.personneMoraleId)))
    ).map((m) => String(m.id)),
  );
  const libres = (await pointsDuLabel(db(), aop.id, 40)).filter((p) => !dejaConstates.has(p.id));
  const points = libres.slice(pointsPris, pointsPris + n).map((p) => ({ ...p, aop }));
  if (points.length < n) throw new Error('Fixture: not enough points without shortcomings');
  pointsPris += n;
  return { personneMoraleId: modele.personneMoraleId, aop, points };
}

/** An unannounced control of the controller's operator, finalised with these NC points. */
async function controleFinalise(
  marque: string,
  points: PointNc[],
  extra: Record<string, unknown> = {},
) {
  const c = await nouveauControle(db(), { marque, rang: 0, localId: `local-${marque}` });
  return {
    ...c,
    statut: 'REALISE' as const,
    resultat: points.length > 0 ? ('NON_CONFORME' as const) : ('CONFORME' as const),
    etapeSaisie: 4,
    grille: grilleAvecNc(marque, points),
    ...extra,
  };
}

const lignesDuControle = (controleId: number) =>
  db().select().from(manquement).where(eq(manquement.controleId, controleId));

async function tdb<T>(chemin: string): Promise<T> {
  const res = await b.ctx.app.inject({ url: chemin, headers: bearer(b.animateur, b.droits[0]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('shortcomings from the field (issue 27 item 1)', () => {
  it('one EN_COURS shortcoming per NC point of the label, with due dates; seen by the office and the devices; ten replays change nothing', async () => {
    const { personneMoraleId, points } = await contexte(2);
    const autreLabel = { id: '999', libelle: 'Autre AOP' };
    const entree = await controleFinalise('terrain-3nc', [
      { ...points[0]!, mesure: { delai: '1 mois' } },
      { ...points[1]!, gravite: 'MAJEUR', valeur: '21', mesure: { date: '15/01/2027' } },
      // The visit's other label: its own control carries it, not this one.
      { ...points[0]!, aop: autreLabel },
    ]);
    const { body } = await pousser(b.ctx.app, b.controleur, { newControles: [entree] });
    expect(body!.resultats[0]).toMatchObject({ statut: 'ACCEPTE' });
    const id = Number(body!.resultats[0]!.id);

    const lignes = await lignesDuControle(id);
    expect(lignes).toHaveLength(2);
    const jour = jourParis(entree.date);
    const dansUnMois = new Date(`${jour}T00:00:00Z`);
    dansUnMois.setUTCMonth(dansUnMois.getUTCMonth() + 1);
    expect(lignes.map((l) => [l.pointControleId, l.etat, l.niveau, l.dateSuiviCorrective])).toEqual(
      [
        [Number(points[0]!.id), 'EN_COURS', 'MINEUR', dansUnMois.toISOString().slice(0, 10)],
        [Number(points[1]!.id), 'EN_COURS', 'MAJEUR', '2027-01-15'],
      ],
    );
    expect(lignes[1]).toMatchObject({
      valeur: '21',
      informationsAuditeur: `Constat ${points[1]!.code}`,
    });

    const onglet = await tdb<{
      content: { id: string; etat: string; dateSuiviCorrective: string | null }[];
    }>(`/api/tdb/manquement?personneMoraleId=${personneMoraleId}&size=50`);
    const ids = lignes.map((l) => String(l.id));
    expect(onglet.content.filter((m) => ids.includes(m.id))).toHaveLength(2);
    const controles = await tdb<{ content: { id: string; nbManquement: number }[] }>(
      `/api/tdb/controle?personneMoraleId=${personneMoraleId}&size=50`,
    );
    expect(controles.content.find((c) => c.id === String(id))?.nbManquement).toBe(2);
    const suivi = await tdb<unknown>(`/api/tdb/suivi/${personneMoraleId}`);
    for (const m of ids) expect(JSON.stringify(suivi)).toContain(`"${m}"`);
    const feed = await toutTirer(b.ctx.app, b.controleur, 'manquement');
    expect(feed.documents.filter((d) => ids.includes(d.id) && !d._deleted)).toHaveLength(2);

    const avant = await lignesDuControle(id);
    for (let i = 0; i < 10; i++) {
      const encore = await pousser(b.ctx.app, b.controleur, { newControles: [entree] });
      expect(encore.body!.resultats[0]!.statut).toBe('DOUBLON');
    }
    expect(await lignesDuControle(id)).toEqual(avant);
  });

  it('a draft that leaves NC removes its shortcoming; the devices get the tombstone', async () => {
    const { points } = await contexte(1);
    const brouillon = await controleFinalise('terrain-brouillon', [points[0]!], {
      statut: 'EN_COURS',
      resultat: null,
      etapeSaisie: 3,
    });
    const r1 = await pousser(b.ctx.app, b.controleur, { newControles: [brouillon] });
    expect(r1.body!.resultats[0]!.statut).toBe('ACCEPTE');
    const id = r1.body!.resultats[0]!.id!;
    const [ligne] = await lignesDuControle(Number(id));
    expect(ligne).toMatchObject({ etat: 'EN_COURS', deletedAt: null });

    const conforme = grilleAvecNc('terrain-brouillon-2', [points[0]!]);
    conforme.categories[0]!.points[0]!.aops[0]!.saisie = {
      conformite: 'C',
      gravite: null as unknown as 'MINEUR',
      valeur: null,
    };
    const r2 = await pousser(b.ctx.app, b.controleur, {
      controles: [
        {
          ...brouillon,
          id,
          localId: id,
          baseVersion: r1.body!.resultats[0]!.version!,
          grille: { ...conforme, manquements: [] },
        },
      ],
    });
    expect(r2.body!.resultats[0]!.statut).toBe('ACCEPTE');
    const [apres] = await db().select().from(manquement).where(eq(manquement.id, ligne!.id));
    expect(apres!.deletedAt).not.toBeNull();
    const feed = await toutTirer(b.ctx.app, b.controleur, 'manquement');
    expect(feed.documents.find((d) => d.id === String(ligne!.id))?._deleted).toBe(true);
  });

  it('a later control finding an open shortcoming again updates that row: recidive, no second row', async () => {
    const { personneMoraleId, points } = await contexte(1);
    const point = { ...points[0]!, mesure: { mesure: 'Première mesure' } };
    const premier = await controleFinalise('terrain-premier', [point]);
    const r1 = await pousser(b.ctx.app, b.controleur, { newControles: [premier] });
    const [porte] = await lignesDuControle(Number(r1.body!.resultats[0]!.id));

    const second = await controleFinalise('terrain-second', [
      { ...point, valeur: '25', gravite: 'MAJEUR', mesure: { mesure: 'Seconde mesure' } },
    ]);
    const r2 = await pousser(b.ctx.app, b.controleur, { newControles: [second] });
    expect(r2.body!.resultats[0]!.statut).toBe('ACCEPTE');
    const secondId = Number(r2.body!.resultats[0]!.id);

    const duPoint = await db()
      .select()
      .from(manquement)
      .where(
        and(
          eq(manquement.personneMoraleId, Number(personneMoraleId)),
          eq(manquement.pointControleId, Number(point.id)),
          eq(manquement.etat, 'EN_COURS'),
        ),
      );
    expect(duPoint.filter((m) => m.deletedAt === null)).toHaveLength(1);
    expect(duPoint.find((m) => m.id === porte!.id)).toMatchObject({
      recidive: true,
      controleRecidiveId: secondId,
      valeur: '25',
      niveau: 'MAJEUR',
      mesureCorrective: 'Seconde mesure',
      etat: 'EN_COURS',
    });
    const onglet = await tdb<{ content: { id: string; recidive: boolean }[] }>(
      `/api/tdb/manquement?personneMoraleId=${personneMoraleId}&size=50`,
    );
    expect(onglet.content.find((m) => m.id === String(porte!.id))?.recidive).toBe(true);
    const controles = await tdb<{ content: { id: string; nbManquement: number }[] }>(
      `/api/tdb/controle?personneMoraleId=${personneMoraleId}&size=50`,
    );
    expect(controles.content.find((c) => c.id === String(secondId))?.nbManquement).toBe(1);
  });
});

describe('the server judges what it stores (issue 27 item 2)', () => {
  it('a CONFORME result with an NC point: REJETE in French, nothing stored, a VERDICTS conflict with both versions', async () => {
    const { points } = await contexte(1);
    const forge = await controleFinalise('forge-resultat', [points[0]!], { resultat: 'CONFORME' });
    const { body } = await pousser(b.ctx.app, b.controleur, { newControles: [forge] });
    expect(body!.resultats[0]).toMatchObject({ statut: 'REJETE', clientUuid: forge.clientUuid });
    expect(body!.resultats[0]!.message).toBe(
      "La grille envoyée ne suit pas les règles de contrôle : Le résultat envoyé (Conforme) n'est pas celui de la grille (Non conforme). Votre saisie est conservée pour le bureau.",
    );
    const [c] = await db().select().from(controle).where(eq(controle.clientUuid, forge.clientUuid));
    expect(c).toMatchObject({ statut: 'EN_COURS', grille: null, resultat: null });
    expect(await lignesDuControle(c!.id)).toEqual([]);

    const liste = await tdb<{ content: { id: string; controleId: string; motif: string }[] }>(
      '/api/tdb/conflit?size=50',
    );
    const ligne = liste.content.find((k) => k.controleId === String(c!.id));
    expect(ligne?.motif).toBe('VERDICTS');
    const detail = await tdb<{
      ecarts: string[];
      appareil: { resultat: string; grille: unknown };
      bureau: { grille: unknown };
    }>(`/api/tdb/conflit/${ligne!.id}`);
    expect(detail.ecarts).toEqual([
      "Le résultat envoyé (Conforme) n'est pas celui de la grille (Non conforme)",
    ]);
    expect(detail.appareil.resultat).toBe('CONFORME');
    expect(detail.bureau.grille).toBeNull();

    // Sent again at the next sync: the same answer, one conflict record.
    const encore = await pousser(b.ctx.app, b.controleur, { newControles: [forge] });
    expect(encore.body!.resultats[0]!.statut).toBe('REJETE');
    const apres = await tdb<{ content: { controleId: string }[] }>('/api/tdb/conflit?size=50');
    expect(apres.content.filter((k) => k.controleId === String(c!.id))).toHaveLength(1);
  });

  it('a verdict contradicting the value against its thresholds is REJETE', async () => {
    const { points } = await contexte(1);
    const point = points[0]!;
    const grille = grilleAvecNc('forge-seuil', []);
    grille.categories = [
      {
        id: 'c1',
        libelle: 'Lait',
        ordre: 1,
        aopIgps: [point.aop],
        points: [
          {
            id: point.id,
            code: point.code,
            ordre: 1,
            libelle: point.libelle,
            source: 'NUMERIQUE' as 'CONSTAT',
            aops: [
              {
                aopIgpId: point.aop.id,
                aopIgpLibelle: point.aop.libelle,
                hasManquement: false,
                saisie: { conformite: 'C', gravite: null as unknown as 'MINEUR', valeur: '9' },
                seuil: { majeur: { operateur: '>', valeur: 8 } },
              } as (typeof grille.categories)[number]['points'][number]['aops'][number],
            ],
          },
        ],
      },
    ];
    const forge = await controleFinalise('forge-seuil', [], { grille });
    const { body } = await pousser(b.ctx.app, b.controleur, { newControles: [forge] });
    expect(body!.resultats[0]!.statut).toBe('REJETE');
    expect(body!.resultats[0]!.message).toContain(
      `Le point ${point.code} (${point.aop.libelle}) à 9 est NC (Majeur) selon ses seuils, la tablette a envoyé C`,
    );
  });
});

describe('signed means sealed (issue 27 item 3)', () => {
  it('takes only the report whose sha256 was recorded at signature; the office opens that one', async () => {
    const { personneMoraleId, points } = await contexte(1);
    const signe = pdfSimple(['Rapport signé']);
    const entree = await controleFinalise('scelle', [points[0]!], { rapportSha256: sha256(signe) });
    const nom = (contenu: Buffer, suffixe: string): FichierTest => ({
      nom: `${entree.clientUuid}__${entree.aopIgp.id}__RAPPORT_AUDIT${suffixe}.pdf`,
      controleId: entree.clientUuid,
      typeDocument: 'RAPPORT_AUDIT',
      contenu,
    });
    const autre = pdfSimple(['Rapport remplacé']);
    const r1 = await pousser(b.ctx.app, b.controleur, { newControles: [entree] }, [
      nom(autre, '-faux'),
      nom(signe, ''),
    ]);
    expect(r1.body!.resultats[0]!.statut).toBe('ACCEPTE');
    expect(r1.body!.documents.map((d) => [d.statut, d.message])).toEqual([
      ['REJETE', MESSAGE_RAPPORT_NON_SIGNE],
      ['ACCEPTE', undefined],
    ]);

    // The same control again, with a new report part: the control is DOUBLON, the file refused.
    const r2 = await pousser(b.ctx.app, b.controleur, { newControles: [entree] }, [
      nom(autre, '-2'),
    ]);
    expect(r2.body!.resultats[0]!.statut).toBe('DOUBLON');
    expect(r2.body!.documents).toEqual([
      expect.objectContaining({ statut: 'REJETE', message: MESSAGE_RAPPORT_SCELLE }),
    ]);

    const controles = await tdb<{ content: { id: string; rapportFichierId: string | null }[] }>(
      `/api/tdb/controle?personneMoraleId=${personneMoraleId}&size=50`,
    );
    const fichierId = controles.content.find(
      (c) => c.id === r1.body!.resultats[0]!.id,
    )?.rapportFichierId;
    const ouvert = await b.ctx.app.inject({
      url: `/api/fichier/${fichierId!}`,
      headers: bearer(b.animateur, b.droits[0]),
    });
    expect(ouvert.statusCode).toBe(200);
    expect(sha256(ouvert.rawPayload)).toBe(sha256(signe));
  });

  it('the office neither cancels, reassigns nor deletes a signed control', async () => {
    const doc = await premierControle(b.ctx.app, b.controleur);
    const { body } = await pousser(b.ctx.app, b.controleur, {
      controles: [
        saisie(doc, 'scelle-bureau', {
          statut: 'REALISE_PP_NON_SIGNE',
          resultat: 'CONFORME',
        }),
      ],
    });
    expect(body!.resultats[0]!.statut).toBe('ACCEPTE');
    const avant = await db()
      .select()
      .from(controle)
      .where(eq(controle.id, Number(doc.id)));
    const bureau = (url: string, payload: Record<string, unknown>) =>
      b.ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: bearer(b.animateur, b.droits[0]),
      });
    const annulation = await bureau(`/api/controles/${doc.id}/annulation`, { raison: 'Doublon' });
    expect(annulation.statusCode).toBe(409);
    const autre = await db()
      .select({ id: controle.controleurId })
      .from(controle)
      .where(ne(controle.controleurId, avant[0]!.controleurId!))
      .limit(1);
    const reaffectation = await bureau(`/api/controles/${doc.id}/controleur`, {
      controleurId: String(autre[0]!.id),
    });
    expect([409, 400]).toContain(reaffectation.statusCode);
    const suppression = await bureau(`/api/tournee/${String(doc.tourneeId)}/supprime`, {
      controleIds: [doc.id],
    });
    expect(suppression.statusCode).toBeLessThan(500);
    expect(
      await db()
        .select()
        .from(controle)
        .where(eq(controle.id, Number(doc.id))),
    ).toEqual(avant);
  });
});
