/** A round's whole life: initialise, ajoute, sauvegarde, finalise, sync, TERMINEE. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tournee } from '@estive/contracts';
import { z } from 'zod';
import { colonne, premiereLigne } from '../../db/lignes';
import { tirer } from '../synchro/synchro.test-helpers';
import { bearer, premier } from '../../test/test-app';
import {
  animateur,
  appel,
  claire,
  comte,
  controlesComplets,
  controleur,
  ctx,
  informations,
  ok,
  pdfImages,
  pdfTexte,
  suiteTournees,
  prochain,
  tout,
} from './tournees.test-helpers';

suiteTournees();

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
    const chabrol = await premiereLigne(
      ctx.database.db,
      sql`select id from utilisateur where login = 'controleur.auvergne@estive.test'`,
      z.object({ id: colonne.entier }),
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
    // The ODG's own templates (issue 16 §3) are what the documents print, filled from the round.
    for (const modele of [
      {
        type: 'AVIS_PASSAGE',
        objet: 'contrôle interne {{appellations}}',
        corps:
          'Madame, Monsieur,\n\nUn contrôle de {{operateur}} sera réalisé le {{jour}} {{heure}} par {{controleur}}.\n\n{{tableau_appellations}}\n\nModèle du Comté, version 2026.',
      },
      {
        type: 'PLANNING',
        objet: 'Tournée de {{controleur}} : {{nombre_operateurs}} opérateurs',
        corps: '',
      },
    ]) {
      expect((await appel('PUT', '/api/modele-document', animateur, modele)).statusCode).toBe(204);
    }
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
    expect(texte).toContain(
      `Tournée de Claire Vuillet : ${String(tournee.operateurs.length)} opérateurs`,
    );
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
      expect(lettre).toContain(`Un contrôle de ${o.operateur.raisonSociale.slice(0, 15)}`);
      expect(lettre).toContain('Modèle du Comté, version 2026.');
      expect(lettre).not.toContain('{{');
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

describe('a sync with nothing new to pull still moves the round', () => {
  it("the rounds' checkpoint presented to /api/synchro/nouveautes is the device's receipt", async () => {
    const { id } = await ok<{ id: string }>('POST', '/api/tournee/initialise', animateur, {
      controleurId: claire,
    });
    await ok<Tournee>(
      'POST',
      `/api/tournee/${id}/ajoute`,
      animateur,
      controlesComplets(3, `${prochain(5, 2)}T09:00`),
    );
    await ok<Tournee>('POST', `/api/tournee/${id}/finalise`, animateur);
    // The device pulls the round; the batch is short, so it does not ask for the feed again.
    const { checkpoint } = await tout(controleur, 'tournee');
    expect((await ok<Tournee>('GET', `/api/tournee/${id}`, animateur)).statut).toBe(
      'ATTENTE_SYNCHRO',
    );
    // Its next sync asks which feeds moved, presenting that checkpoint.
    const nouveautes = await ok<{ entites: string[] }>(
      'POST',
      '/api/synchro/nouveautes',
      controleur,
      {
        checkpoints: [{ entite: 'tournee', ...checkpoint }],
      },
    );
    const apres = await ok<Tournee>('GET', `/api/tournee/${id}`, animateur);
    expect(apres.statut).toBe('SYNCHRONISE');
    expect(apres.historique.at(-1)).toMatchObject({ statut: 'SYNCHRONISE', par: 'Claire Vuillet' });
    // The move is itself news: the device pulls the round again and learns its status.
    expect(nouveautes.entites).toContain('tournee');
    const relu = await tout(controleur, 'tournee', checkpoint);
    const doc = relu.documents.find((d) => d.id === id);
    expect(doc?.statut).toBe('SYNCHRONISE');
    // Issue 14 Deliver 4: the round's planning and its operator's letter reach the device.
    expect(doc?.planning).toEqual(apres.planning);
    const lettre = premier(apres.operateurs).avisPassage;
    expect(doc?.avisPassage).toEqual([
      { personneMoraleId: premier(apres.operateurs).operateur.id, ...lettre },
    ]);
    for (const f of [apres.planning, lettre]) {
      const pdf = await appel('GET', `/api/fichier/${f?.id ?? ''}`, controleur);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
