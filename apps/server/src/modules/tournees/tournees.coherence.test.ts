/**
 * Issue 27 §6, what the office found in use: a round SYNCHRONISE after the very sync that
 * delivered it; a change of controller printed again on the planning and the avis de passage and
 * journaled; the controller's cancellation reason on the office's screens; step 1 of the wizard
 * done only with a controller.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  Checkpoint,
  SuiviOperateur,
  TdbControleLigne,
  Tournee,
  TourneeDashboardPage,
} from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne, lignes } from '../../db/lignes';
import { bearer, premier } from '../../test/test-app';
import { pousser, tirer, type DocTire } from '../synchro/synchro.test-helpers';
import {
  animateur,
  appel,
  claire,
  comte,
  controlesComplets,
  controleur,
  controleur2,
  ctx,
  informations,
  marc,
  ok,
  pdfTexte,
  prochain,
  suiteTournees,
} from './tournees.test-helpers';

suiteTournees();

/** A finalised round of Claire's with the basket's operators `indices`. */
async function tourneeFinalisee(indices: number[], semaines = 2): Promise<Tournee> {
  const cree = await ok<Tournee>('POST', '/api/tournee/creation-rapide', animateur, {
    controleurId: claire,
    operateurControles: indices.map((i, n) =>
      controlesComplets(op(i), `${prochain(2 + n, semaines)}T0${String(8 + n)}:00`),
    ),
  });
  return ok<Tournee>('POST', `/api/tournee/${cree.id}/finalise`, animateur);
}

/**
 * The rounds' feed as the device's sync engine pulls it (apps/web offline/sync/pull.ts): each
 * batch written, then the next asked with its checkpoint, until an empty batch. Asking after the
 * last non-empty batch is the device's receipt of it.
 */
async function synchroTournees(token: string, depart?: Checkpoint) {
  const recus: DocTire[] = [];
  let checkpoint = depart;
  for (;;) {
    const lot = await tirer(ctx.app, token, 'tournee', { checkpoint, batchSize: 10 });
    recus.push(...lot.documents);
    checkpoint = lot.checkpoint;
    if (lot.documents.length === 0) return { recus, checkpoint };
  }
}

const fichier = async (id: string | undefined) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/fichier/${id ?? ''}`,
    headers: bearer(animateur, comte),
  });
  expect(res.statusCode).toBe(200);
  // Words as read, whatever the layout wraps: a name may be cut at the end of a line.
  return pdfTexte(res.rawPayload).replace(/\s+/g, ' ');
};

/** The basket's operator `i`, whatever their number (the demo data decides it). */
const op = (i: number) => i % informations.length;

const entreeJournal = z.object({
  action: colonne.texte,
  utilisateur_id: colonne.entier,
  details: z.record(z.string(), z.unknown()),
});
const compte = z.object({ n: colonne.entier });
const journal = (entite: string, id: string) =>
  lignes(
    ctx.database.db,
    sql`select action, utilisateur_id, details from journal_action
         where entite = ${entite} and entite_id = ${Number(id)} order by id`,
    entreeJournal,
  );

describe('SYNCHRONISE after the sync that delivers the round', () => {
  it('the device that pulls until an empty batch has acknowledged it in the same run', async () => {
    // Whatever Claire's device already holds, it holds before this round exists.
    const avant = await synchroTournees(controleur);
    const t = await tourneeFinalisee([0]);
    expect(t.statut).toBe('ATTENTE_SYNCHRO');

    const run = await synchroTournees(controleur, avant.checkpoint);
    const office = await ok<Tournee>('GET', `/api/tournee/${t.id}`, animateur);
    expect(office.statut).toBe('SYNCHRONISE');
    expect(office.historique.at(-1)).toMatchObject({
      statut: 'SYNCHRONISE',
      par: 'Claire Vuillet',
    });
    // The device itself ends the run with the status the office sees.
    expect(run.recus.filter((d) => d.id === t.id).at(-1)?.statut).toBe('SYNCHRONISE');
  });

  it('a batch served but never acknowledged leaves the round ATTENTE_SYNCHRO', async () => {
    const avant = await synchroTournees(controleur);
    const t = await tourneeFinalisee([1]);
    // The answer is lost or the device dies before writing it: it never asks again.
    const lot = await tirer(ctx.app, controleur, 'tournee', {
      checkpoint: avant.checkpoint,
      batchSize: 10,
    });
    expect(lot.documents.map((d) => d.id)).toContain(t.id);
    expect((await ok<Tournee>('GET', `/api/tournee/${t.id}`, animateur)).statut).toBe(
      'ATTENTE_SYNCHRO',
    );
    // Its next run starts again from the checkpoint it holds, and acknowledges.
    await synchroTournees(controleur, avant.checkpoint);
    expect((await ok<Tournee>('GET', `/api/tournee/${t.id}`, animateur)).statut).toBe(
      'SYNCHRONISE',
    );
  });
});

describe('a change of controller prints the documents again and is journaled', () => {
  it("the round's: new planning and avis naming the new controller, old files kept", async () => {
    const t = await tourneeFinalisee([2, 3]);
    expect(await fichier(t.planning?.id)).toContain('Claire Vuillet');
    const change = await ok<Tournee>('PUT', `/api/tournee/${t.id}/modifie`, animateur, {
      controleurId: marc,
    });
    expect(change.planning?.id).not.toBe(t.planning?.id);
    const planning = await fichier(change.planning?.id);
    expect(planning).toContain('Marc Jeanningros');
    expect(planning).not.toContain('Claire Vuillet');
    for (const o of change.operateurs) {
      const avant = t.operateurs.find((x) => x.operateur.id === o.operateur.id);
      expect(o.avisPassage?.id).not.toBe(avant?.avisPassage?.id);
      const avis = await fichier(o.avisPassage?.id);
      expect(avis).toContain('Marc Jeanningros');
      expect(avis).not.toContain('Claire Vuillet');
    }
    // The previous files stay stored, unattached (what was printed stays answerable).
    const ancien = await ligne(
      ctx.database.db,
      sql`select count(*)::int as n from fichier where id = ${Number(t.planning?.id)}`,
      compte,
    );
    expect(ancien.n).toBe(1);
    const [entree] = await journal('tournee', t.id);
    expect(entree).toMatchObject({
      action: 'CHANGEMENT_CONTROLEUR',
      details: { avant: Number(claire), apres: Number(marc) },
    });
    // The new controller's device gets the round with the new planning.
    const { recus } = await synchroTournees(controleur2);
    expect(recus.filter((d) => d.id === t.id).at(-1)?.planning).toEqual(change.planning);
  });

  it("one control's: its operator's avis names the new controller, the planning drops it", async () => {
    const t = await tourneeFinalisee([4, 5], 3);
    const [garde, donne] = t.operateurs;
    const controle = premier(donne?.controles ?? []);
    const res = await appel('POST', `/api/controles/${controle.id}/controleur`, animateur, {
      controleurId: marc,
    });
    expect(res.statusCode, res.body).toBe(200);
    const apres = await ok<Tournee>('GET', `/api/tournee/${t.id}`, animateur);
    expect(apres.planning?.id).not.toBe(t.planning?.id);
    const planning = await fichier(apres.planning?.id);
    expect(planning).toContain('Claire Vuillet');
    expect(planning).toContain(garde?.operateur.raisonSociale);
    expect(planning).not.toContain(donne?.operateur.raisonSociale);
    const lettre = (id: string | undefined) =>
      fichier(apres.operateurs.find((o) => o.operateur.id === id)?.avisPassage?.id);
    expect(await lettre(donne?.operateur.id)).toContain('Marc Jeanningros');
    expect(await lettre(garde?.operateur.id)).toContain('Claire Vuillet');
    // The round detail says who comes for that control.
    const carte = apres.operateurs.find((o) => o.operateur.id === donne?.operateur.id);
    expect(premier(carte?.controles ?? [])).toMatchObject({
      controleurId: marc,
      controleurDenomination: 'Marc Jeanningros',
    });
    const [entree] = await journal('controle', controle.id);
    expect(entree).toMatchObject({
      action: 'CHANGEMENT_CONTROLEUR',
      details: { avant: Number(claire), apres: Number(marc) },
    });
  });
});

describe("the controller's cancellation reason on the office's screens", () => {
  it('round detail, programming dashboard, Contrôles tab, its export and Suivi opérateur', async () => {
    const t = await tourneeFinalisee([6], 4);
    const { recus } = await synchroTournees(controleur);
    expect(recus.map((d) => d.id)).toContain(t.id);
    const id = premier(premier(t.operateurs).controles).id;
    let doc: DocTire | undefined;
    let checkpoint: Checkpoint | undefined;
    for (;;) {
      const lot = await tirer(ctx.app, controleur, 'controle', { checkpoint, batchSize: 10 });
      doc = lot.documents.find((d) => d.id === id) ?? doc;
      checkpoint = lot.checkpoint;
      if (lot.documents.length < 10) break;
    }
    if (!doc) throw new Error('contrôle non reçu');
    // The controller cancels it in the field, offline, then syncs (DialogueAnnulation).
    const raison = "Exploitant hospitalisé, visite à reprogrammer d'ici fin du mois";
    const { body } = await pousser(ctx.app, controleur, {
      controles: [
        {
          ...doc,
          localId: doc.id,
          baseVersion: doc.version,
          statut: 'ANNULE',
          raisonAbandon: raison,
        },
      ],
    });
    expect(body?.resultats[0]?.statut).toBe('ACCEPTE');

    const detail = await ok<Tournee>('GET', `/api/tournee/${t.id}`, animateur);
    expect(premier(premier(detail.operateurs).controles)).toMatchObject({
      statut: 'ANNULE',
      raisonAbandon: raison,
    });
    const dashboard = await ok<TourneeDashboardPage>(
      'GET',
      // Its only control cancelled, the round is over (TERMINEE).
      '/api/tournee/dashboard?size=2000&statut=SYNCHRONISE&statut=TERMINEE',
      animateur,
    );
    const sousLigne = dashboard.content
      .find((r) => r.id === t.id)
      ?.controles.find((c) => c.id === id);
    expect(sousLigne).toMatchObject({ statut: 'ANNULE', raisonAbandon: raison });
    const tdb = await ok<{ content: TdbControleLigne[] }>(
      'GET',
      `/api/tdb/controle?statut=ANNULE&personneMoraleId=${premier(t.operateurs).operateur.id}`,
      animateur,
    );
    expect(tdb.content.find((c) => c.id === id)?.raisonAbandon).toBe(raison);
    const xlsx = await appel(
      'GET',
      `/api/tdb/controle/export?statut=ANNULE&personneMoraleId=${premier(t.operateurs).operateur.id}`,
      animateur,
    );
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.read(Readable.from(xlsx.rawPayload));
    const feuille = premier(classeur.worksheets);
    const colonnes = (feuille.getRow(1).values as unknown[]).map(String);
    const lignes = feuille.getSheetValues().map((r) => (Array.isArray(r) ? r.map(String) : []));
    const col = colonnes.indexOf("Raison de l'abandon");
    expect(col).toBeGreaterThan(0);
    expect(lignes.some((r) => r[col] === raison)).toBe(true);
    const operateur = premier(t.operateurs).operateur.id;
    const suivi = await ok<SuiviOperateur>('GET', `/api/tdb/suivi/${operateur}`, animateur);
    expect(suivi.controles.find((c) => c.id === id)?.raisonAbandon).toBe(raison);
  });
});

describe('step 1 is done only with a controller', () => {
  it('a round without one creates no control and is not finalised, until one is chosen', async () => {
    const { id } = await ok<{ id: string }>('POST', '/api/tournee/initialise', animateur, {
      controleurId: claire,
    });
    // A round of older data, or whose controller was taken away, has none.
    await ctx.database.db.execute(
      sql`update tournee set controleur_id = null where id = ${Number(id)}`,
    );
    const saisie = controlesComplets(op(7), `${prochain(3, 5)}T10:00`);
    const refus = await appel('POST', `/api/tournee/${id}/ajoute`, animateur, saisie);
    expect(refus.statusCode).toBe(400);
    expect(refus.json()).toMatchObject({
      message: 'Erreur durant la création des contrôles',
      globalErrors: ["La tournée n'a pas de contrôleur"],
      fieldErrors: [{ field: 'controleurId', defaultMessage: 'Ce champ est obligatoire' }],
    });
    const fin = await appel('POST', `/api/tournee/${id}/finalise`, animateur);
    expect(fin.statusCode).toBe(400);
    expect(fin.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      { field: 'controleurId', defaultMessage: 'Ce champ est obligatoire' },
    ]);
    const restants = await ligne(
      ctx.database.db,
      sql`select count(*)::int as n from controle where tournee_id = ${Number(id)}`,
      compte,
    );
    expect(restants.n).toBe(0);

    await ok<Tournee>('PUT', `/api/tournee/${id}/modifie`, animateur, { controleurId: marc });
    const t = await ok<Tournee>('POST', `/api/tournee/${id}/ajoute`, animateur, saisie);
    expect(premier(premier(t.operateurs).controles).controleurId).toBe(marc);
    const [entree] = await journal('tournee', id);
    expect(entree?.details).toEqual({ avant: null, apres: Number(marc) });
  });

  it('nor with a controller who lost his right on the perimeter', async () => {
    const { id } = await ok<{ id: string }>('POST', '/api/tournee/initialise', animateur, {
      controleurId: marc,
    });
    await ctx.database.db.execute(
      sql`update utilisateur set actif = false where id = ${Number(marc)}`,
    );
    try {
      const refus = await appel(
        'POST',
        `/api/tournee/${id}/ajoute`,
        animateur,
        controlesComplets(op(8), `${prochain(4, 5)}T10:00`),
      );
      expect(refus.statusCode).toBe(400);
      expect(refus.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
        {
          field: 'controleurId',
          defaultMessage: "Ce contrôleur n'a pas de droit sur le périmètre",
        },
      ]);
    } finally {
      await ctx.database.db.execute(
        sql`update utilisateur set actif = true where id = ${Number(marc)}`,
      );
    }
  });
});
