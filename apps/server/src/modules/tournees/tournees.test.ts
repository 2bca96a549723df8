import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ControleurPage, PanierInformationsResponse, Tournee } from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne, premiereLigne } from '../../db/lignes';
import { premier } from '../../test/test-app';
import {
  animateur,
  appel,
  auvergne,
  claire,
  comte,
  controlesComplets,
  controleur,
  controleur2,
  ctx,
  informations,
  marc,
  ok,
  suiteTournees,
  prochain,
  tout,
} from './tournees.test-helpers';

suiteTournees();

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
    const siens = await ligne(
      ctx.database.db,
      sql`select count(*)::int as n from controle where tournee_id = ${Number(cree.id)}
          and controleur_id = ${Number(marc)} and deleted_at is null`,
      z.object({ n: colonne.entier }),
    );
    expect(siens.n).toBe(ids.length);
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
    const hors = await premiereLigne(
      ctx.database.db,
      sql`select p.id from personne_morale p, droit d
           where d.id = ${Number(comte)} and not p.odg_ids @> array[d.organisme_id]::bigint[]
             and p.odg_ids <> '{}' order by p.id limit 1`,
      z.object({ id: colonne.entier }),
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
