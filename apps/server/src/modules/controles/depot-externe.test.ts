import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditeurSuggestion,
  DepotExterneOdg,
  ManquementExistantSuggestion,
  OperateurSuggestion,
  PointSuggestion,
} from '@estive/contracts';
import { z } from 'zod';
import { colonne, lignes } from '../../db/lignes';
import { bearer, createTestApp, login, premier, type TestContext } from '../../test/test-app';

/**
 * External deposit (spec part 2 §5): CNAOL and ANIMATEUR, active perimeter, every rule answered
 * at once with the spec's messages, all or nothing. PGlite, and PostgreSQL with DATABASE_URL.
 */
let ctx: TestContext;
let animateur: string;
let controleur: string;
let droits: string[];
let odgId: string;
let aop: { id: string; libelle: string };
let operateur: OperateurSuggestion;
let auditeur: AuditeurSuggestion;
let point: PointSuggestion;

const get = (url: string, jeton = animateur, droit?: string) =>
  ctx.app.inject({ url, headers: bearer(jeton, droit) });
const deposer = (controles: unknown[], jeton = animateur, droit?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/controle/depotExterne',
    headers: bearer(jeton, droit),
    payload: { controles },
  });
type Erreur = {
  message: string;
  globalErrors: string[];
  fieldErrors: { field: string; defaultMessage: string }[];
};

/** A Monday (never a Sunday), 10:00 Paris, in the past. */
const LUNDI = '2026-11-09T09:00:00.000Z';
const ligne = (extra: object = {}) => ({
  aopIgpId: aop.id,
  niveau: 'SUP_TERRAIN',
  date: LUNDI,
  resultat: 'CONFORME',
  observation: 'Visite de l’organisme certificateur',
  operateurId: operateur.id,
  auditeurId: auditeur.id,
  manquements: [],
  manquementsExistant: [],
  ...extra,
});
const manquement = (extra: object = {}) => ({
  pointId: point.id,
  valeur: '1,6 UGB/ha',
  etat: 'EN_COURS_OC',
  gravite: 'MAJEUR',
  correctives: { mesure: 'Réduire le cheptel', delai: '3 mois', date: '2027-02-09' },
  correctrices: { mesure: 'Bilan fourrager', delai: '1 mois', date: '2026-12-09' },
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestApp();
  animateur = (await login(ctx.app, 'animateur@estive.test')).accessToken;
  controleur = (await login(ctx.app, 'controleur@estive.test')).accessToken;
  const p = await get('/api/principal');
  droits = p.json<{ droits: { id: string }[] }>().droits.map((d) => d.id);
  const o = premier(
    await lignes(
      ctx.database.db,
      sql`select organisme_id::text as id from droit where id = ${Number(droits.at(0))}`,
      z.object({ id: colonne.texte }),
    ),
  );
  odgId = o.id;
  const odg = (
    await get(`/api/controle/depotExterne/odg/${String(droits.at(0))}`)
  ).json<DepotExterneOdg>();
  expect(odg.odgId).toBe(odgId);
  aop = odg.aopIgps.find((a) => a.libelle === 'Comté')!;
  [operateur] = (await get(`/api/controle/depotExterne/operateurs?aopIgpId=${aop.id}&q=`)).json<
    OperateurSuggestion[]
  >() as [OperateurSuggestion];
  [auditeur] = (await get(`/api/controle/depotExterne/auditeurs?aopIgpId=${aop.id}&q=`)).json<
    AuditeurSuggestion[]
  >() as [AuditeurSuggestion];
  [point] = (await get(`/api/controle/depotExterne/points?aopIgpId=${aop.id}&q=`)).json<
    PointSuggestion[]
  >() as [PointSuggestion];
});
afterAll(() => ctx.close());

describe('GET /api/controle/depotExterne/odg/{id} and the autocompletes', () => {
  it('gives the labels of the active ODG only', async () => {
    expect(aop).toBeDefined();
    expect(operateur).toBeDefined();
    expect(auditeur).toBeDefined();
    expect(point).toBeDefined();
    const ailleurs = await get(
      `/api/controle/depotExterne/odg/${String(droits.at(0))}`,
      animateur,
      droits.at(1),
    );
    expect(ailleurs.statusCode).toBe(403);
    expect(ailleurs.json<Erreur>().message).toBe(
      'Veuillez sélectionner le périmètre pour accéder au dépôt externe',
    );
    expect(
      (await get(`/api/controle/depotExterne/odg/${String(droits.at(0))}`, controleur)).statusCode,
    ).toBe(403);
  });

  it('searches operators of the label by name, accent- and case-blind', async () => {
    const mot = premier(operateur.raisonSociale.split(' ')).toUpperCase();
    const res = await get(
      `/api/controle/depotExterne/operateurs?aopIgpId=${aop.id}&q=${encodeURIComponent(mot)}`,
    );
    expect(res.json<OperateurSuggestion[]>().map((o) => o.id)).toContain(operateur.id);
    const autreOdg = await get(
      `/api/controle/depotExterne/operateurs?aopIgpId=${aop.id}&q=`,
      animateur,
      droits.at(1),
    );
    expect(autreOdg.json<OperateurSuggestion[]>()).toEqual([]);
    expect((await get('/api/controle/depotExterne/operateurs?q=x')).statusCode).toBe(400);
  });
});

describe('POST /api/controle/depotExterne', () => {
  it('answers every rule of every row at once, with the spec’s messages', async () => {
    const res = await deposer([
      { manquements: [], manquementsExistant: [] },
      ligne({ resultat: 'NON_CONFORME', date: '2026-11-08T09:00:00.000Z' }),
      ligne({
        manquements: [manquement({ valeur: ' ', etat: null, gravite: null })],
        manquementsExistant: [{ manquementId: null, valeur: 'x', etat: null, gravite: 'MINEUR' }],
      }),
    ]);
    expect(res.statusCode).toBe(400);
    const e = res.json<Erreur>();
    expect(e.message).toBe('Erreur durant la création des contrôles');
    expect(e.globalErrors).toEqual([
      'Les manquements sont obligatoires pour un contrôle non conforme',
    ]);
    const champs = Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.defaultMessage]));
    expect(champs).toMatchObject({
      'controles[0].aopIgp': 'Ce champ est obligatoire',
      'controles[0].niveau': 'Ce champ est obligatoire',
      'controles[0].date': 'Ce champ est obligatoire',
      'controles[0].resultat': 'Ce champ est obligatoire',
      'controles[0].operateur': 'Ce champ est obligatoire',
      'controles[0].auditeur': 'Ce champ est obligatoire',
      'controles[1].date': 'Contrôle impossible le dimanche',
      'controles[1].manquements': 'Les manquements sont obligatoires pour un contrôle non conforme',
      'controles[2].manquements[0].valeur': 'Ce champ est obligatoire',
      'controles[2].manquements[0].gravite': 'Ce champ est obligatoire',
      'controles[2].manquementsExistant[0].manquement': 'Ce champ est obligatoire',
      'controles[2].manquementsExistant[0].etat': 'Ce champ est obligatoire',
    });
    // A new shortcoming's state is forced (EN_COURS_OC): never asked for.
    expect(champs).not.toHaveProperty('controles[2].manquements[0].etat');
    const { n } = premier(
      await lignes(
        ctx.database.db,
        sql`select count(*)::int as n from controle where nature = 'EXTERNE' and observation = 'Visite de l’organisme certificateur'`,
        z.object({ n: colonne.entier }),
      ),
    );
    expect(n).toBe(0);
  });

  it('records a NON_CONFORME control with a new shortcoming and an existing one updated', async () => {
    // An operator with a shortcoming already on the label (from an earlier control).
    const deja = premier(
      (await get(`/api/tdb/manquement?aopIgpId=${aop.id}&size=1`)).json<{
        content: { personneMoraleId: string }[];
      }>().content,
    );
    const operateurId = deja.personneMoraleId;
    const existants = (
      await get(
        `/api/controle/depotExterne/manquements?aopIgpId=${aop.id}&personneMoraleId=${operateurId}`,
      )
    ).json<ManquementExistantSuggestion[]>();
    expect(existants.length).toBeGreaterThan(0);
    const res = await deposer([
      ligne({
        operateurId,
        resultat: 'NON_CONFORME',
        manquements: [manquement()],
        manquementsExistant: existants.slice(0, 1).map((m) => ({
          manquementId: m.id,
          valeur: 'toujours',
          etat: 'LEVE_OC',
          gravite: 'MINEUR',
        })),
      }),
    ]);
    expect(res.statusCode).toBe(201);
    const id = premier(res.json<{ ids: string[] }>().ids);
    const c = premier(
      await lignes(
        ctx.database.db,
        sql`select nature, statut, resultat,
                 (select count(*)::int from manquement m where m.controle_id = c.id) as nb
            from controle c where id = ${Number(id)}`,
        z.object({
          nature: colonne.texte,
          statut: colonne.texte,
          resultat: colonne.texte,
          nb: colonne.entier,
        }),
      ),
    );
    expect(c).toEqual({ nature: 'EXTERNE', statut: 'REALISE', resultat: 'NON_CONFORME', nb: 1 });
    // It counts in the dashboards, with its auditor.
    const tdb = await get(
      `/api/tdb/controle?nature=EXTERNE&personneMoraleId=${operateurId}&size=50`,
    );
    expect(tdb.json<{ content: { id: string; auditeur: string }[] }>().content).toContainEqual(
      expect.objectContaining({ id, auditeur: `${auditeur.prenom} ${auditeur.nom}` }),
    );
    const m = premier(
      await lignes(
        ctx.database.db,
        sql`select m.etat, h.origine from manquement m
            join manquement_historique h on h.manquement_id = m.id
           where m.id = ${Number(premier(existants).id)} order by h.id desc limit 1`,
        z.object({ etat: colonne.texte, origine: colonne.texte }),
      ),
    );
    expect(m).toEqual({ etat: 'LEVE_OC', origine: 'DEPOT_EXTERNE' });
  });

  it('refuses a date in the future or before 2000, and the same deposit sent twice (issue 32)', async () => {
    const demain = new Date(Date.now() + 2 * 86_400_000);
    // Never a Sunday: that rule would answer first.
    if (demain.getUTCDay() === 0) demain.setUTCDate(demain.getUTCDate() + 1);
    const dates = await deposer([
      ligne({ date: demain.toISOString() }),
      ligne({ date: '1999-12-30T09:00:00.000Z' }),
    ]);
    expect(dates.statusCode).toBe(400);
    expect(dates.json<Erreur>().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'controles[0].date', defaultMessage: 'La date ne peut pas être dans le futur' },
        {
          field: 'controles[1].date',
          defaultMessage: 'La date doit être postérieure au 01/01/2000',
        },
      ]),
    );
    // A Tuesday of its own, so no other test's deposit is this one.
    const unique = ligne({ date: '2025-03-04T08:00:00.000Z', observation: 'Envoyé deux fois' });
    const deuxFois = await deposer([unique, unique]);
    expect(deuxFois.json<Erreur>().fieldErrors).toContainEqual({
      field: 'controles[1].date',
      defaultMessage: 'Ce contrôle figure deux fois dans le dépôt',
    });
    // A delay without a date: the shortcoming gets its due date from the control's day.
    const premiere = await deposer([
      {
        ...unique,
        resultat: 'NON_CONFORME',
        manquements: [
          manquement({
            correctives: { mesure: 'Réduire le cheptel', delai: '15 jours', date: null },
            correctrices: { mesure: 'Bilan', delai: 'avant la prochaine traite', date: null },
          }),
        ],
      },
    ]);
    expect(premiere.statusCode).toBe(201);
    const id = premier(premiere.json<{ ids: string[] }>().ids);
    const echeances = await lignes(
      ctx.database.db,
      sql`select date_suivi_corrective::text as corrective,
                 date_suivi_correctrice::text as correctrice
            from manquement where controle_id = ${Number(id)}`,
      z.object({ corrective: colonne.texte.nullable(), correctrice: colonne.texte.nullable() }),
    );
    expect(echeances).toEqual([{ corrective: '2025-03-19', correctrice: null }]);
    // Sent again (a lost answer, a second tab): refused, naming the control already there.
    const encore = await deposer([unique]);
    expect(encore.statusCode).toBe(400);
    expect(encore.json<Erreur>().fieldErrors).toEqual([
      {
        field: 'controles[0].date',
        defaultMessage: `Ce contrôle a déjà été déposé (contrôle n° ${id})`,
      },
    ]);
  });

  it('refuses what is not the perimeter’s, a controller, and hostile input', async () => {
    const autre = await deposer([ligne()], animateur, droits.at(1));
    expect(autre.statusCode).toBe(400);
    expect(autre.json<Erreur>().fieldErrors.map((f) => f.field)).toContain('controles[0].aopIgp');
    const mauvaisPoint = await deposer([
      ligne({ resultat: 'NON_CONFORME', manquements: [manquement({ pointId: '999999999' })] }),
    ]);
    expect(mauvaisPoint.json<Erreur>().fieldErrors).toContainEqual({
      field: 'controles[0].manquements[0].point',
      defaultMessage: "Ce point de contrôle n'est pas celui de l'AOP-IGP",
    });
    expect((await deposer([ligne()], controleur)).statusCode).toBe(403);
    for (const corps of [
      [ligne({ observation: 'a\u0000b' })],
      [ligne({ observation: 'a\ud800b' })],
      [ligne({ niveau: 'INCONNU' })],
      [ligne({ date: 'hier' })],
      [],
      Array.from({ length: 201 }, () => ligne()),
    ]) {
      expect((await deposer(corps)).statusCode).toBe(400);
    }
  });

  it('counts a deposited control in every tab (controls, shortcomings, follow-up, pressure)', async () => {
    const pression = async () =>
      (await get('/api/tdb/pression')).json<{
        campagneId: string;
        lignes: { aopIgpId: string; controles: number }[];
      }>();
    const avant = await pression();
    const controles = (p: Awaited<ReturnType<typeof pression>>) =>
      p.lignes.filter((l) => l.aopIgpId === aop.id).reduce((n, l) => n + l.controles, 0);
    // An operator not yet controlled during the campaign (a candidate of the preselection).
    const candidats = (
      await get(
        `/api/tdb/pression/preselection?campagneId=${avant.campagneId}&aopIgpId=${aop.id}&size=2000`,
      )
    ).json<{ content: { id: string }[] }>().content;
    const candidat = premier(candidats.slice(-1));
    const res = await deposer([
      ligne({
        operateurId: candidat.id,
        resultat: 'NON_CONFORME',
        manquements: [manquement({ etat: 'LEVE' })],
      }),
    ]);
    expect(res.statusCode).toBe(201);
    const id = premier(res.json<{ ids: string[] }>().ids);

    const tdb = (
      await get(`/api/tdb/controle?nature=EXTERNE&personneMoraleId=${candidat.id}`)
    ).json<{ content: { id: string; nbManquement: number }[] }>().content;
    expect(tdb).toContainEqual(expect.objectContaining({ id, nbManquement: 1 }));
    const manquements = (
      await get(`/api/tdb/manquement?nature=EXTERNE&personneMoraleId=${candidat.id}`)
    ).json<{ content: { etat: string; interne: boolean }[] }>().content;
    // The new shortcoming is the certifying body's, whatever state the row said.
    expect(manquements).toEqual([expect.objectContaining({ etat: 'EN_COURS_OC', interne: false })]);
    const suivi = (await get(`/api/tdb/suivi/${candidat.id}`)).json<{
      controles: { id: string }[];
    }>();
    expect(suivi.controles.map((c) => c.id)).toContain(id);
    expect(controles(await pression())).toBeGreaterThan(controles(avant));
    const apres = (
      await get(
        `/api/tdb/pression/preselection?campagneId=${avant.campagneId}&aopIgpId=${aop.id}&size=2000`,
      )
    ).json<{ content: { id: string }[] }>().content;
    expect(apres.map((c) => c.id)).not.toContain(candidat.id);
  });
});
