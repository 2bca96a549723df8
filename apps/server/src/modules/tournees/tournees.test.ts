import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Checkpoint,
  ControleurPage,
  OperateurControles,
  PanierInformationsResponse,
  Tournee,
} from '@estive/contracts';
import { queryRows } from '../../db/client';
import { tirer, toutTirer } from '../synchro/synchro.test-helpers';
import { bearer, createTestApp, login, premier, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let animateur: string;
let controleur: string;
let controleur2: string;
let comte: string;
let auvergne: string;
let claire: string;
let marc: string;
let informations: PanierInformationsResponse['informations'];

type Methode = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** The animator works under the Comté right unless told; the controllers under their own. */
const appel = (m: Methode, url: string, token: string, payload?: object, droit?: string) =>
  ctx.app.inject({
    method: m,
    url,
    headers: bearer(token, droit ?? (token === animateur ? comte : undefined)),
    payload,
  });
/** Rounds and controls come 10 at a time (DESIGN §5): pull as the device does. */
const tout = (token: string, entite: 'tournee' | 'controle', depart?: Checkpoint) =>
  toutTirer(ctx.app, token, entite, depart, 10);
const ok = async <T>(m: Methode, url: string, token: string, payload?: object) => {
  const res = await appel(m, url, token, payload);
  expect(res.statusCode, `${m} ${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};

/** The next day of the week (0 = Sunday) after today, as 'yyyy-mm-dd'. */
function prochain(jourSemaine: number, semaines = 1): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 * semaines + ((jourSemaine - d.getUTCDay() + 7) % 7));
  return d.toISOString().slice(0, 10);
}

/** Complete controls for an operator of the basket, from what the server says of it. */
function controlesComplets(i: number, date: string): OperateurControles {
  const info = premier(informations.slice(i), 'opérateur');
  const a = premier(info.informations.appellations, 'appellation');
  return {
    personneMoraleId: info.personneMoraleId,
    date,
    controles: [
      {
        aopId: a.aopIgp.id,
        siteIds: [premier(info.informations.sites, 'site').id],
        niveau: 'SUP_TERRAIN',
        activiteAopIgpIds: [premier(a.activites, 'activité').id],
        fichierIds: info.informations.documents.slice(0, 1).map((d) => d.id),
      },
    ],
  };
}

/** The PDF's text, and how many images it holds (the ODG's logo). */
function pdfTexte(contenu: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tournee-'));
  const fichier = path.join(dir, 'doc.pdf');
  writeFileSync(fichier, contenu);
  return execFileSync('pdftotext', ['-layout', fichier, '-'], { encoding: 'utf8' });
}
function pdfImages(contenu: Buffer): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'tournee-'));
  const fichier = path.join(dir, 'doc.pdf');
  writeFileSync(fichier, contenu);
  const liste = execFileSync('pdfimages', ['-list', fichier], { encoding: 'utf8' });
  return liste.trim().split('\n').length - 2;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ accessToken: animateur } = await login(ctx.app, 'animateur@estive.test'));
  ({ accessToken: controleur } = await login(ctx.app, 'controleur@estive.test'));
  ({ accessToken: controleur2 } = await login(ctx.app, 'controleur2@estive.test'));
  const principal = await ctx.app.inject({
    method: 'GET',
    url: '/api/principal',
    headers: bearer(animateur),
  });
  const droits = principal.json<{ droits: { id: string; raisonSociale: string }[] }>().droits;
  comte = droits.find((d) => /comt/i.test(d.raisonSociale))?.id ?? '';
  auvergne = droits.find((d) => /auvergne/i.test(d.raisonSociale))?.id ?? '';
  const controleurs = await ok<ControleurPage>(
    'GET',
    '/api/personne-physique/controleur?size=50',
    animateur,
  );
  claire = controleurs.content.find((c) => c.nom === 'Vuillet')?.id ?? '';
  marc = controleurs.content.find((c) => c.nom === 'Jeanningros')?.id ?? '';
  const panier = await ok<{ content: { personneMoraleId: string }[] }>(
    'GET',
    '/api/panier?size=50',
    animateur,
  );
  const ids = panier.content.map((p) => p.personneMoraleId).join(',');
  informations = (
    await ok<PanierInformationsResponse>('GET', `/api/panier/informations?ids=${ids}`, animateur)
  ).informations.filter(
    (i) =>
      i.informations.sites.length > 0 &&
      i.informations.appellations.some((a) => a.activites.length > 0),
  );
}, 60_000);
afterAll(() => ctx.close());

describe('GET /api/personne-physique/controleur', () => {
  it("lists the perimeter's controllers only, with filters", async () => {
    const tous = await ok<ControleurPage>('GET', '/api/personne-physique/controleur', animateur);
    const noms = tous.content.map((c) => c.nom);
    expect(noms).toEqual(expect.arrayContaining(['Vuillet', 'Jeanningros']));
    expect(noms).not.toContain('Chabrol');
    const filtre = await ok<ControleurPage>(
      'GET',
      '/api/personne-physique/controleur?nom=VUIL',
      animateur,
    );
    expect(filtre.content.map((c) => c.nom)).toEqual(['Vuillet']);
    const auv = await appel(
      'GET',
      '/api/personne-physique/controleur',
      animateur,
      undefined,
      auvergne,
    );
    expect(auv.json<ControleurPage>().content.map((c) => c.nom)).toEqual(['Chabrol']);
    expect((await appel('GET', '/api/personne-physique/controleur', controleur)).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/panier/informations', () => {
  it('gives sites, habilitated appellations with activities and documents, in the perimeter only', () => {
    expect(informations.length).toBeGreaterThanOrEqual(3);
    const i = premier(informations);
    expect(i.informations.appellations.every((a) => a.aopIgp.libelle.length > 0)).toBe(true);
  });

  it('answers nothing for an operator of another perimeter, 403 to a controller', async () => {
    const ids = informations.map((i) => i.personneMoraleId).join(',');
    const auv = await appel(
      'GET',
      `/api/panier/informations?ids=${ids}`,
      animateur,
      undefined,
      auvergne,
    );
    expect(auv.statusCode).toBe(200);
    const comteIds = new Set(informations.map((i) => i.personneMoraleId));
    const communs = auv
      .json<PanierInformationsResponse>()
      .informations.filter((i) => comteIds.has(i.personneMoraleId));
    // Operators habilitated in both ODGs are answered with Auvergne's labels only.
    for (const c of communs)
      for (const a of c.informations.appellations)
        expect(
          premier(
            informations.filter((x) => x.personneMoraleId === c.personneMoraleId),
          ).informations.appellations.map((x) => x.aopIgp.id),
        ).not.toContain(a.aopIgp.id);
    expect((await appel('GET', `/api/panier/informations?ids=${ids}`, controleur)).statusCode).toBe(
      403,
    );
  });
});

describe('a round from initialise to TERMINEE', () => {
  let id = '';
  let tournee: Tournee;
  const jour = prochain(2);

  it('initialise: PREPARATION for the chosen controller, recorded', async () => {
    const r = await ok<{ id: string }>('POST', '/api/tournee/initialise', animateur, {
      controleurId: claire,
    });
    id = r.id;
    tournee = await ok<Tournee>('GET', `/api/tournee/${id}`, animateur);
    expect(tournee.statut).toBe('PREPARATION');
    expect(tournee.controleurDenomination).toBe('Claire Vuillet');
    expect(tournee.historique.map(({ statut, par }) => ({ statut, par }))).toEqual([
      { statut: 'PREPARATION', par: 'Julien Roussel' },
    ]);
    expect(Number.isNaN(Date.parse(premier(tournee.historique).le))).toBe(false);
  });

  it('refuses a controller without a right on the perimeter', async () => {
    const [chabrol] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from utilisateur where login = 'controleur.auvergne@estive.test'`,
    );
    const res = await appel('POST', '/api/tournee/initialise', animateur, {
      controleurId: String(chabrol?.id),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: { field: string }[] }>().fieldErrors[0]?.field).toBe(
      'controleurId',
    );
  });

  it('ajoute: a Sunday and an incomplete control are refused with the spec field names', async () => {
    const complet = controlesComplets(0, `${prochain(0)}T09:00`);
    const dimanche = await appel('POST', `/api/tournee/${id}/ajoute`, animateur, complet);
    expect(dimanche.statusCode).toBe(400);
    expect(dimanche.json()).toMatchObject({
      message: 'Erreur durant la création des contrôles',
      fieldErrors: [
        {
          field: `date[${complet.personneMoraleId}]`,
          defaultMessage: 'Contrôle impossible le dimanche',
        },
      ],
    });
    const base = premier(complet.controles);
    const incomplet = await appel('POST', `/api/tournee/${id}/ajoute`, animateur, {
      personneMoraleId: complet.personneMoraleId,
      date: null,
      controles: [
        { ...base, siteIds: [], niveau: null, activiteAopIgpIds: [], fichierIds: ['999999'] },
      ],
    });
    expect(incomplet.statusCode).toBe(400);
    const champs = incomplet
      .json<{ fieldErrors: { field: string }[] }>()
      .fieldErrors.map((e) => e.field);
    expect(champs.sort()).toEqual(
      [
        `date[${complet.personneMoraleId}]`,
        'controles[0].siteId',
        'controles[0].niveau',
        'controles[0].activiteAopIgpIds',
        'controles[0].documents',
      ].sort(),
    );
    // Nothing was written.
    expect((await ok<Tournee>('GET', `/api/tournee/${id}`, animateur)).operateurs).toEqual([]);
  });

  it('ajoute: writes the controls, validates the card, takes the operator out of the basket', async () => {
    const avant = (await ok<{ taille: number }>('GET', '/api/panier/taille', animateur)).taille;
    const saisie = controlesComplets(0, `${jour}T09:00`);
    tournee = await ok<Tournee>('POST', `/api/tournee/${id}/ajoute`, animateur, saisie);
    const carte = premier(tournee.operateurs);
    expect(carte.valide).toBe(true);
    expect(carte.controles).toHaveLength(1);
    expect(premier(carte.controles).statut).toBe('PROGRAMME');
    expect(tournee.debut).toBe(jour);
    expect((await ok<{ taille: number }>('GET', '/api/panier/taille', animateur)).taille).toBe(
      avant - 1,
    );
    // Again with another level: the same control is modified, not duplicated.
    const modifie = await ok<Tournee>('POST', `/api/tournee/${id}/ajoute`, animateur, {
      ...saisie,
      controles: saisie.controles.map((c) => ({ ...c, niveau: 'SUP_DOC' })),
    });
    const apres = premier(premier(modifie.operateurs).controles);
    expect(apres.id).toBe(premier(carte.controles).id);
    expect(apres.niveau).toBe('SUP_DOC');
  });

  it('sauvegarde keeps unvalidated cards as drafts; finalise refuses while one is left', async () => {
    const brouillon = { ...controlesComplets(1, `${jour}T14:00`), date: null };
    const troisieme = premier(informations.slice(2)).personneMoraleId;
    tournee = await ok<Tournee>('PUT', `/api/tournee/${id}/sauvegarde`, animateur, {
      panierOperateurIds: [troisieme],
      operateurControles: [brouillon],
    });
    const carte = tournee.operateurs.find((o) => o.operateur.id === brouillon.personneMoraleId);
    expect(carte?.valide).toBe(false);
    expect(carte?.brouillon).toEqual(brouillon);
    const refus = await appel('POST', `/api/tournee/${id}/finalise`, animateur);
    expect(refus.statusCode).toBe(400);
    expect(refus.json<{ globalErrors: string[] }>().globalErrors).toContain(
      "Des contrôles n'ont pas été validés",
    );
    // The card goes back to the basket: saved without it.
    tournee = await ok<Tournee>('PUT', `/api/tournee/${id}/sauvegarde`, animateur, {
      panierOperateurIds: [brouillon.personneMoraleId],
      operateurControles: [],
    });
    expect(tournee.operateurs.map((o) => o.operateur.id)).not.toContain(brouillon.personneMoraleId);
    tournee = await ok<Tournee>('POST', `/api/tournee/${id}/ajoute`, animateur, {
      ...controlesComplets(1, `${prochain(3)}T10:30`),
    });
    expect(tournee.operateurs.filter((o) => o.valide)).toHaveLength(2);
  });

  it('supprime deletes controls by id; the operator left without any leaves the round', async () => {
    const extra = await ok<Tournee>('POST', `/api/tournee/${id}/ajoute`, animateur, {
      ...controlesComplets(2, `${prochain(4)}T08:00`),
    });
    const carte = extra.operateurs.find(
      (o) => o.operateur.id === premier(informations.slice(2)).personneMoraleId,
    );
    const ids = (carte?.controles ?? []).map((c) => c.id);
    expect(ids.length).toBeGreaterThan(0);
    tournee = await ok<Tournee>('POST', `/api/tournee/${id}/supprime`, animateur, {
      controleIds: ids,
    });
    expect(tournee.operateurs).toHaveLength(2);
    expect(
      (await appel('POST', `/api/tournee/${id}/supprime`, animateur, { controleIds: ids }))
        .statusCode,
    ).toBe(404);
  });

  it('a round in preparation and its controls never reach the device', async () => {
    const rondes = await tout(controleur, 'tournee');
    expect(rondes.documents.map((d) => d.id)).not.toContain(id);
    const controles = await tout(controleur, 'controle');
    const siens = tournee.operateurs.flatMap((o) => o.controles.map((c) => c.id));
    expect(controles.documents.filter((d) => siens.includes(d.id))).toEqual([]);
    expect((await appel('GET', `/api/tournee/${id}`, controleur)).statusCode).toBe(404);
  });

  it('finalise: ATTENTE_SYNCHRO, planning and one avis de passage per operator, in French', async () => {
    tournee = await ok<Tournee>('POST', `/api/tournee/${id}/finalise`, animateur);
    expect(tournee.statut).toBe('ATTENTE_SYNCHRO');
    expect(tournee.historique.map((e) => e.statut)).toEqual(['PREPARATION', 'ATTENTE_SYNCHRO']);
    expect(tournee.planning?.fileName).toMatch(/^Planning_de_controle_.*\.pdf$/);
    const planning = await ctx.app.inject({
      method: 'GET',
      url: `/api/fichier/${tournee.planning?.id ?? ''}`,
      headers: bearer(animateur, comte),
    });
    expect(planning.statusCode).toBe(200);
    const texte = pdfTexte(planning.rawPayload);
    expect(texte).toContain('Planning de contrôle');
    expect(texte).toContain('Claire Vuillet');
    expect(texte).toContain('Comité Interprofessionnel de Gestion du Comté');
    expect(pdfImages(planning.rawPayload), 'logo de l’ODG').toBe(1);
    for (const o of tournee.operateurs) {
      expect(texte).toContain(o.operateur.raisonSociale.slice(0, 20));
      expect(o.avisPassage).not.toBeNull();
      const avis = await ctx.app.inject({
        method: 'GET',
        url: `/api/fichier/${o.avisPassage?.id ?? ''}`,
        headers: bearer(animateur, comte),
      });
      const lettre = pdfTexte(avis.rawPayload);
      expect(lettre).toContain('Avis de passage');
      expect(lettre).toContain(o.operateur.raisonSociale.slice(0, 20));
      expect(lettre).toMatch(/sera réalisé le \w+ \d/);
    }
    // Nothing can be changed any more but the controller.
    expect((await appel('POST', `/api/tournee/${id}/finalise`, animateur)).statusCode).toBe(409);
  });

  it('the device gets the round and its controls; its next checkpoint moves it to SYNCHRONISE', async () => {
    const rondes = await tout(controleur, 'tournee');
    const doc = rondes.documents.find((d) => d.id === id);
    expect(doc?.statut).toBe('ATTENTE_SYNCHRO');
    expect(doc?.planning).toEqual(tournee.planning);
    const controles = await tout(controleur, 'controle');
    const siens = tournee.operateurs.flatMap((o) => o.controles.map((c) => c.id));
    expect(
      controles.documents
        .filter((d) => siens.includes(d.id))
        .map((d) => d.id)
        .sort(),
    ).toEqual([...siens].sort());
    // Served is not held: the round moves when the device comes back with the checkpoint.
    expect((await ok<Tournee>('GET', `/api/tournee/${id}`, animateur)).statut).toBe(
      'ATTENTE_SYNCHRO',
    );
    await tirer(ctx.app, controleur, 'tournee', { checkpoint: rondes.checkpoint });
    const apres = await ok<Tournee>('GET', `/api/tournee/${id}`, animateur);
    expect(apres.statut).toBe('SYNCHRONISE');
    expect(apres.historique.at(-1)).toMatchObject({ statut: 'SYNCHRONISE', par: 'Claire Vuillet' });
    expect((await appel('GET', `/api/tournee/${id}`, controleur)).statusCode).toBe(200);
  });

  it('TERMINEE by itself when every control is REALISE* or ANNULE', async () => {
    const ids = tournee.operateurs.flatMap((o) => o.controles.map((c) => Number(c.id)));
    const [premierId, ...autres] = ids;
    await ctx.database.db.execute(
      sql`update controle set statut = 'REALISE' where id = ${premierId}`,
    );
    expect((await ok<Tournee>('GET', `/api/tournee/${id}`, animateur)).statut).toBe('SYNCHRONISE');
    for (const c of autres)
      await ctx.database.db.execute(sql`update controle set statut = 'ANNULE' where id = ${c}`);
    const fin = await ok<Tournee>('GET', `/api/tournee/${id}`, animateur);
    expect(fin.statut).toBe('TERMINEE');
    expect(fin.historique.at(-1)).toMatchObject({ statut: 'TERMINEE', par: 'Claire Vuillet' });
  });
});

describe('change of controller in ATTENTE_SYNCHRO', () => {
  it('the controls follow; the previous device gets tombstones, the new one the round', async () => {
    const cree = await ok<Tournee>('POST', '/api/tournee/creation-rapide', animateur, {
      controleurId: claire,
      operateurControles: [controlesComplets(0, `${prochain(5, 2)}T09:00`)],
    });
    expect(cree.statut).toBe('PREPARATION');
    const avant = await tout(controleur, 'tournee');
    await ok<Tournee>('POST', `/api/tournee/${cree.id}/finalise`, animateur);
    const claireVoit = await tout(controleur, 'tournee', avant.checkpoint);
    expect(claireVoit.documents.map((d) => d.id)).toContain(cree.id);
    const controlesClaire = await tout(controleur, 'controle');

    const change = await ok<Tournee>('PUT', `/api/tournee/${cree.id}/modifie`, animateur, {
      controleurId: marc,
    });
    expect(change.controleurDenomination).toBe('Marc Jeanningros');
    const ids = change.operateurs.flatMap((o) => o.controles.map((c) => c.id));
    const claireApres = await tout(controleur, 'tournee', claireVoit.checkpoint);
    expect(claireApres.documents.find((d) => d.id === cree.id)?._deleted).toBe(true);
    const controlesApres = await tout(controleur, 'controle', controlesClaire.checkpoint);
    for (const c of ids)
      expect(controlesApres.documents.find((d) => d.id === c)?._deleted, c).toBe(true);
    const marcVoit = await tout(controleur2, 'tournee');
    expect(marcVoit.documents.find((d) => d.id === cree.id)?._deleted).toBe(false);
    const [ligne] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from controle where tournee_id = ${Number(cree.id)}
          and controleur_id = ${Number(marc)} and deleted_at is null`,
    );
    expect(ligne?.n).toBe(ids.length);
  });
});

describe('lists, perimeter and roles', () => {
  it('list: default statuses, filters; dashboard rows carry their controls; light defaults to PREPARATION', async () => {
    const defaut = await ok<{ content: { statut: string }[] }>(
      'GET',
      '/api/tournee?size=200',
      animateur,
    );
    expect(new Set(defaut.content.map((r) => r.statut))).not.toContain('TERMINEE');
    const terminees = await ok<{ content: { statut: string }[] }>(
      'GET',
      '/api/tournee?statut=TERMINEE&size=200',
      animateur,
    );
    expect(terminees.content.length).toBeGreaterThan(0);
    expect(new Set(terminees.content.map((r) => r.statut))).toEqual(new Set(['TERMINEE']));
    const parNom = await ok<{ content: { controleurDenomination: string }[] }>(
      'GET',
      '/api/tournee?controleur=jeanning&statut=PREPARATION,ATTENTE_SYNCHRO,SYNCHRONISE,TERMINEE&size=200',
      animateur,
    );
    expect(parNom.content.length).toBeGreaterThan(0);
    expect(new Set(parNom.content.map((r) => r.controleurDenomination))).toEqual(
      new Set(['Marc Jeanningros']),
    );
    const dash = await ok<{
      content: { nbOperateurs: number; controles: { raisonSociale: string }[] }[];
    }>('GET', '/api/tournee/dashboard?size=50', animateur);
    expect(dash.content.some((r) => r.controles.length > 0)).toBe(true);
    const light = await ok<{ content: { statut: string }[] }>(
      'GET',
      '/api/tournee/light?size=200',
      animateur,
    );
    expect(new Set(light.content.map((r) => r.statut))).toEqual(new Set(['PREPARATION']));
    expect((await appel('GET', '/api/tournee?sort=inconnu,ASC', animateur)).statusCode).toBe(400);
    expect((await appel('GET', '/api/tournee?statut=FAUX', animateur)).statusCode).toBe(400);
  });

  it("another perimeter's round is not found; a controller may not programme", async () => {
    const { id } = await ok<{ id: string }>('POST', '/api/tournee/initialise', animateur, {
      controleurId: claire,
    });
    for (const [m, url, corps] of [
      ['GET', `/api/tournee/${id}`, undefined],
      ['PUT', `/api/tournee/${id}/modifie`, { controleurId: claire }],
      ['POST', `/api/tournee/${id}/ajoute`, controlesComplets(0, `${prochain(2)}T09:00`)],
      ['POST', `/api/tournee/${id}/supprime`, { controleIds: ['1'] }],
      ['PUT', `/api/tournee/${id}/sauvegarde`, { panierOperateurIds: [], operateurControles: [] }],
      ['POST', `/api/tournee/${id}/finalise`, undefined],
    ] as const) {
      const ailleurs = await appel(m, url, animateur, corps, auvergne);
      expect(ailleurs.statusCode, `${m} ${url}`).toBe(404);
      const refuse = await appel(m, url, controleur, corps);
      expect(refuse.statusCode, `${m} ${url} contrôleur`).toBe(m === 'GET' ? 404 : 403);
    }
    const liste = await appel(
      'GET',
      '/api/tournee?statut=PREPARATION&size=200',
      animateur,
      undefined,
      auvergne,
    );
    expect(liste.json<{ content: { id: string }[] }>().content.map((r) => r.id)).not.toContain(id);
    for (const url of ['/api/tournee', '/api/tournee/light', '/api/tournee/dashboard'])
      expect((await appel('GET', url, controleur)).statusCode, url).toBe(403);
    expect(
      (await appel('POST', '/api/tournee/initialise', controleur, { controleurId: claire }))
        .statusCode,
    ).toBe(403);
  });

  it('ajoute refuses an operator outside the perimeter', async () => {
    const { id } = await ok<{ id: string }>('POST', '/api/tournee/initialise', animateur, {
      controleurId: claire,
    });
    const [hors] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from personne_morale p, droit d
           where d.id = ${Number(comte)} and not p.odg_ids @> array[d.organisme_id]::bigint[]
             and p.odg_ids <> '{}' order by p.id limit 1`,
    );
    const res = await appel('POST', `/api/tournee/${id}/ajoute`, animateur, {
      ...controlesComplets(0, `${prochain(2)}T09:00`),
      personneMoraleId: String(hors?.id),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: { field: string }[] }>().fieldErrors[0]?.field).toBe(
      'personneMoraleId',
    );
  });
});
