import { type OperateurControles, type TourneeSauvegardeRequest } from '@estive/contracts';
import { jourParis, MESSAGES_TOURNEE, ROLES_BUREAU as BUREAU } from '@estive/domain';
import type { Transaction } from '../../db/client';
import { hasRole, requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { conflict, invalid, notFound } from '../../lib/errors';
import type { PanierService } from '../panier/panier.service';
import type { SynchroService } from '../synchro/synchro.service';
import type { ControleursRepository } from './controleurs.repository';
import { presenterTournee } from './presenters';
import { createTourneesListesService } from './tournees-listes.service';
import type {
  TourneesEcritureRepository,
  TourneeVerrouillee,
} from './tournees-ecriture.repository';
import type { TourneesRepository } from './tournees.repository';
import {
  CONTROLEUR_HORS_PERIMETRE,
  erreursControleurTournee,
  jourDe,
  validerOperateurControles,
} from './validation';

const INTROUVABLE = 'Tournée introuvable';

/** Produces a finalised round's documents in its transaction (planning, avis de passage). */
export type ProduireDocuments = (tx: Transaction, tourneeId: number) => Promise<void>;

export interface DependancesTournees {
  lecture: TourneesRepository;
  ecriture: TourneesEcritureRepository;
  controleurs: ControleursRepository;
  panier: PanierService;
  synchro: Pick<SynchroService, 'enregistrerSortieDePerimetre'>;
  documents: ProduireDocuments;
  /** True when the round is out and has documents, its row then locked. */
  documentsARefaire: (tx: Transaction, tourneeId: number) => Promise<boolean>;
  journal: (
    tx: Transaction,
    e: { utilisateurId: number; tourneeId: number; avant: number | null; apres: number },
  ) => Promise<void>;
}

export function createTourneesService(d: DependancesTournees) {
  const { lecture, ecriture } = d;

  async function charger(id: number, odgId: number | null, controleurId?: number) {
    const r = await lecture.trouver(id, odgId, controleurId);
    if (!r) throw notFound(INTROUVABLE);
    const [operateurs, controles, evenements] = await Promise.all([
      lecture.operateurs(id),
      lecture.controles([id]),
      lecture.evenements(id),
    ]);
    return presenterTournee(r, operateurs, controles, evenements);
  }

  /** Runs a change on a round of the perimeter, locked; the round's statut must allow it. */
  async function modifier<T>(
    acteur: Acteur,
    id: number,
    statuts: readonly string[],
    action: (tx: Transaction, t: TourneeVerrouillee, odgId: number) => Promise<T>,
  ): Promise<T> {
    requireRole(acteur, ...BUREAU);
    const odgId = requirePerimetre(acteur);
    return ecriture.transaction(async (tx) => {
      const t = await ecriture.verrouiller(tx, id, odgId);
      if (!t) throw notFound(INTROUVABLE);
      if (!statuts.includes(t.statut))
        throw conflict(`Action impossible sur une tournée au statut ${t.statut}`);
      return action(tx, t, odgId);
    });
  }

  async function exigerControleur(tx: Transaction, controleurId: string, odgId: number) {
    if (!(await lecture.estControleurDeLOdg(tx, Number(controleurId), odgId)))
      throw invalid(
        MESSAGES_TOURNEE.erreurControleur,
        [CONTROLEUR_HORS_PERIMETRE],
        [{ field: 'controleurId', defaultMessage: CONTROLEUR_HORS_PERIMETRE }],
      );
  }

  /** Step 1 done: the round has a controller who may still take it (else `message`, 400). */
  async function exigerEtape1(tx: Transaction, t: TourneeVerrouillee, message: string) {
    const valide =
      t.controleur_id !== null &&
      (await lecture.estControleurDeLOdg(tx, t.controleur_id, t.odg_id));
    const { globales, champs } = erreursControleurTournee(t.controleur_id, valide);
    if (champs.length > 0) throw invalid(message, globales, champs);
  }

  /** A new round in PREPARATION for the controller, dated today, its first move recorded. */
  async function creerTournee(
    tx: Transaction,
    controleurId: string,
    odgId: number,
    auteur: number,
  ) {
    await exigerControleur(tx, controleurId, odgId);
    const nouveau = await ecriture.creer(tx, odgId, Number(controleurId), jourParis(new Date()));
    await ecriture.evenement(tx, nouveau, 'PREPARATION', auteur);
    return nouveau;
  }

  /** Read before the transaction: on PGlite a query outside it would wait for it. */
  const horsPerimetre = (odgId: number, saisies: readonly { personneMoraleId: string }[]) =>
    d.panier.horsPerimetre(
      odgId,
      saisies.map((s) => Number(s.personneMoraleId)),
    );

  /**
   * Validates and writes operators' controls; the field errors of every operator at once. In a lot
   * (`ajoute-lot`) a card's fields are named `operateurControles[k].…` so that each error reaches
   * its card; the date keeps the spec's `date[{operatorId}]`, which already names it.
   */
  async function ecrire(
    tx: Transaction,
    t: TourneeVerrouillee,
    saisies: OperateurControles[],
    hors: Set<number>,
    lot = false,
  ) {
    const erreurs: { field: string; defaultMessage: string }[] = [];
    const nommer = (k: number, field: string) =>
      lot && !field.startsWith('date[') ? `operateurControles[${k}].${field}` : field;
    const ecrits: number[] = [];
    const premiere = saisies.find((s) => s.date !== null)?.date;
    if (premiere)
      await ecriture.rattacherCampagne(
        tx,
        t.id,
        jourDe(premiere),
        saisies.map((s) => Number(s.personneMoraleId)),
      );
    const campagne = await lecture.campagne(tx, t.id);
    for (const [k, s] of saisies.entries()) {
      const pm = Number(s.personneMoraleId);
      if (hors.has(pm)) {
        erreurs.push({
          field: nommer(k, 'personneMoraleId'),
          defaultMessage: 'Opérateur hors du périmètre',
        });
        continue;
      }
      if (saisies.findIndex((x) => x.personneMoraleId === s.personneMoraleId) < k) {
        erreurs.push({
          field: nommer(k, 'personneMoraleId'),
          defaultMessage: 'Opérateur en double',
        });
        continue;
      }
      const refs = await ecriture.references(
        tx,
        t.odg_id,
        pm,
        s.controles.flatMap((c) => c.fichierIds.map(Number)),
      );
      const v = validerOperateurControles(s, refs, campagne);
      if (v.erreurs.length > 0 || s.date === null) {
        erreurs.push(...v.erreurs.map((e) => ({ ...e, field: nommer(k, e.field) })));
        continue;
      }
      await ecriture.ecrireControles(tx, t, pm, s.date, v.controles);
      ecrits.push(pm);
    }
    if (erreurs.length > 0) throw invalid(MESSAGES_TOURNEE.erreurCreationControles, [], erreurs);
    await ecriture.recalerPeriode(tx, t.id);
    return ecrits;
  }

  return {
    ...createTourneesListesService(lecture, d.controleurs),

    /** A round: the office reads its perimeter's; a controller his own, once finalised. */
    async trouver(acteur: Acteur, id: number) {
      if (hasRole(acteur, ...BUREAU)) return charger(id, requirePerimetre(acteur));
      requireRole(acteur, 'ROLE_CONTROLEUR');
      return charger(id, null, acteur.utilisateurId);
    },

    async initialiser(acteur: Acteur, controleurId: string) {
      requireRole(acteur, ...BUREAU);
      const odgId = requirePerimetre(acteur);
      const id = await ecriture.transaction((tx) =>
        creerTournee(tx, controleurId, odgId, acteur.utilisateurId),
      );
      return { id: String(id) };
    },

    /** A round for one or several operators at once, their controls complete. */
    async creationRapide(acteur: Acteur, controleurId: string, saisies: OperateurControles[]) {
      requireRole(acteur, ...BUREAU);
      const odgId = requirePerimetre(acteur);
      const hors = await horsPerimetre(odgId, saisies);
      const { id, ecrits } = await ecriture.transaction(async (tx) => {
        const nouveau = await creerTournee(tx, controleurId, odgId, acteur.utilisateurId);
        const t = await ecriture.verrouiller(tx, nouveau, odgId);
        if (!t) throw notFound(INTROUVABLE);
        // Several operators in one body: each card's errors are named by its index (as ajoute-lot).
        return { id: nouveau, ecrits: await ecrire(tx, t, saisies, hors, true) };
      });
      await d.panier.retirerPlusieurs(odgId, ecrits);
      return charger(id, odgId);
    },

    /**
     * Another controller: in PREPARATION simply; in ATTENTE_SYNCHRO the controls follow and the
     * previous controller's device gets tombstones for the round and its controls.
     */
    async modifier(acteur: Acteur, id: number, controleurId: string) {
      const odgId = await modifier(
        acteur,
        id,
        ['PREPARATION', 'ATTENTE_SYNCHRO'],
        async (tx, t, odg) => {
          await exigerControleur(tx, controleurId, odg);
          const nouveau = Number(controleurId);
          if (t.controleur_id === nouveau) return odg;
          const controles = await ecriture.changerControleur(tx, t.id, nouveau);
          await d.journal(tx, {
            utilisateurId: acteur.utilisateurId,
            tourneeId: t.id,
            avant: t.controleur_id,
            apres: nouveau,
          });
          // Out of preparation the planning and the avis de passage name him: printed again.
          if (t.statut !== 'PREPARATION') await d.documents(tx, t.id);
          if (t.statut !== 'PREPARATION' && t.controleur_id !== null) {
            const avant = [t.controleur_id];
            await d.synchro.enregistrerSortieDePerimetre(tx, {
              entity: 'tournee',
              entityIds: [t.id],
              utilisateurIds: avant,
            });
            await d.synchro.enregistrerSortieDePerimetre(tx, {
              entity: 'controle',
              entityIds: controles,
              utilisateurIds: avant,
            });
          }
          return odg;
        },
      );
      return charger(id, odgId);
    },

    /** Adds, or replaces, one operator's controls; the operator leaves the basket. */
    async ajouter(acteur: Acteur, id: number, saisie: OperateurControles) {
      requireRole(acteur, ...BUREAU);
      const hors = await horsPerimetre(requirePerimetre(acteur), [saisie]);
      const odgId = await modifier(acteur, id, ['PREPARATION'], async (tx, t, odg) => {
        await exigerEtape1(tx, t, MESSAGES_TOURNEE.erreurCreationControles);
        await ecrire(tx, t, [saisie], hors);
        return odg;
      });
      await d.panier.retirerPlusieurs(odgId, [Number(saisie.personneMoraleId)]);
      return charger(id, odgId);
    },

    /**
     * Step 2's cards at once (issue 32 item 6): one transaction, so the page reads one outcome —
     * every card created, or none and each card's reasons; the operators leave the basket.
     */
    async ajouterLot(acteur: Acteur, id: number, saisies: OperateurControles[]) {
      requireRole(acteur, ...BUREAU);
      const hors = await horsPerimetre(requirePerimetre(acteur), saisies);
      const { odgId, ecrits } = await modifier(acteur, id, ['PREPARATION'], async (tx, t, odg) => {
        await exigerEtape1(tx, t, MESSAGES_TOURNEE.erreurCreationControles);
        return { odgId: odg, ecrits: await ecrire(tx, t, saisies, hors, true) };
      });
      await d.panier.retirerPlusieurs(odgId, ecrits);
      return charger(id, odgId);
    },

    async supprimer(acteur: Acteur, id: number, controleIds: string[]) {
      const odgId = await modifier(acteur, id, ['PREPARATION'], async (tx, t, odg) => {
        const supprimes = await ecriture.supprimerControles(tx, t.id, controleIds.map(Number));
        if (supprimes.length === 0) throw notFound('Contrôles introuvables dans cette tournée');
        await ecriture.recalerPeriode(tx, t.id);
        return odg;
      });
      return charger(id, odgId);
    },

    /** The basket's operators and the unvalidated cards as they stand ('Sauvegarder'). */
    async sauvegarder(acteur: Acteur, id: number, body: TourneeSauvegardeRequest) {
      const cartes = body.operateurControles.map((o) => Number(o.personneMoraleId));
      const panier = body.panierOperateurIds.map(Number).filter((p) => !cartes.includes(p));
      requireRole(acteur, ...BUREAU);
      const hors = await d.panier.horsPerimetre(requirePerimetre(acteur), [...cartes, ...panier]);
      const odgId = await modifier(acteur, id, ['PREPARATION'], async (tx, t, odg) => {
        if (hors.size > 0)
          throw invalid(
            MESSAGES_TOURNEE.erreurSauvegardeTournee,
            [`Opérateur hors du périmètre : ${[...hors].join(', ')}`],
            [{ field: 'operateurControles', defaultMessage: 'Opérateur hors du périmètre' }],
          );
        await ecriture.sauvegarderBrouillons(
          tx,
          t.id,
          body.operateurControles.map((o) => ({
            personneMoraleId: Number(o.personneMoraleId),
            brouillon: o,
          })),
        );
        return odg;
      });
      await d.panier.ajouterPlusieurs(odgId, panier);
      await d.panier.retirerPlusieurs(odgId, cartes);
      return charger(id, odgId);
    },

    /** Finalised: ATTENTE_SYNCHRO, its documents produced; the controller's device gets it. */
    async finaliser(acteur: Acteur, id: number) {
      const odgId = await modifier(acteur, id, ['PREPARATION'], async (tx, t, odg) => {
        await exigerEtape1(tx, t, MESSAGES_TOURNEE.erreurFinalisationTournee);
        const etat = await ecriture.etatCartes(tx, t.id);
        const erreurs: string[] = [];
        if (etat.controles === 0) erreurs.push("La tournée n'a aucun contrôle");
        if (etat.brouillons > 0) erreurs.push("Des contrôles n'ont pas été validés");
        if (erreurs.length > 0 || t.controleur_id === null)
          throw invalid(MESSAGES_TOURNEE.erreurFinalisationTournee, erreurs);
        await ecriture.finaliser(tx, t.id, t.controleur_id);
        await ecriture.evenement(tx, t.id, 'ATTENTE_SYNCHRO', acteur.utilisateurId);
        await d.documents(tx, t.id);
        return odg;
      });
      return charger(id, odgId);
    },

    /**
     * One control of the round went to another controller (office action of the controls
     * module, in its transaction): a round already out gets its planning and avis again.
     */
    async documentsApresChangementControleur(tx: Transaction, tourneeId: number) {
      if (await d.documentsARefaire(tx, tourneeId)) await d.documents(tx, tourneeId);
    },

    /** Called by the sync feed with the checkpoint a controller's device presents (Deliver 2). */
    accuserReception(utilisateurId: number, xid: string, id: number) {
      return ecriture.accuserReception(utilisateurId, xid, id);
    },
  };
}
export type TourneesService = ReturnType<typeof createTourneesService>;
