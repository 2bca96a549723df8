import { ROLES } from '@estive/domain';
import type { z } from 'zod';
import {
  TAILLE_LOT_MAX,
  type Checkpoint,
  type ControleDocument,
  type DOCUMENTS_SYNCHRO,
  type NouveautesRequest,
  type NouveautesResponse,
  type PullQuery,
} from '@estive/contracts';
import type { Database } from '../../db/client';
import { hasRole, requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { createAnnuaireDocumentsRepository } from './annuaire-documents.repository';
import { documentsControles } from './controle-documents.presenter';
import { createControleDocumentsRepository } from './controle-documents.repository';
import { decoderCheckpoint, encoderCheckpoint } from './cursor';
import { documentManquement, documentTournee } from './documents.presenter';
import {
  fluxAvecNouveautes,
  idsDansPortee,
  lireLot,
  requeteLot,
  type EntiteCurseur,
  type Portee,
} from './feeds.repository';
import * as presenter from './reference-documents.presenter';
import { createReferenceDocumentsRepository } from './reference-documents.repository';

type DocumentVivant = { id: string; _deleted: false };
type DocumentSupprime = { id: string; _deleted: true };
export type DocumentDe<E extends EntiteCurseur> = z.infer<(typeof DOCUMENTS_SYNCHRO)[E]>;
export interface Lot<T extends DocumentVivant> {
  documents: (T | DocumentSupprime)[];
  checkpoint: Checkpoint;
}

/** Feeds that a controller receives through his assignments, whatever his active right. */
const PAR_AFFECTATION = new Set<EntiteCurseur>(['controle', 'tournee', 'frontlogs']);

/** Who may pull what: controllers their own work; the office needs an active perimeter. */
export function porteeAutorisee(acteur: Acteur, entite: EntiteCurseur): Portee {
  requireRole(acteur, ...ROLES);
  const portee = porteeDe(acteur);
  if (!portee.controleur && entite !== 'frontlogs') requirePerimetre(acteur);
  return portee;
}

/** The cursor is only valid for the scope it was computed in (see cursor.ts). */
export const cleScope = (p: Portee, entite: EntiteCurseur) =>
  p.controleur && PAR_AFFECTATION.has(entite)
    ? `u${p.utilisateurId}`
    : `u${p.utilisateurId}o${p.odgId ?? 0}`;

export function porteeDe(acteur: Acteur): Portee {
  return {
    utilisateurId: acteur.utilisateurId,
    odgId: acteur.droitActif?.organismeId ?? null,
    controleur:
      hasRole(acteur, 'ROLE_CONTROLEUR') && !hasRole(acteur, 'ROLE_ANIMATEUR', 'ROLE_CNAOL'),
  };
}

/** What other modules learn from the feeds (they are wired in by modules/index.ts). */
export interface CrochetsFlux {
  /**
   * A controller's device presented a checkpoint of his rounds' feed: everything served up to it
   * is stored on the device (docs/architecture.md §5: batch and checkpoint in one Dexie
   * transaction).
   */
  accuserReception?: (utilisateurId: number, xid: string, id: number) => Promise<unknown>;
}

export function createFeedsService(db: Database, crochets: CrochetsFlux = {}) {
  const reference = createReferenceDocumentsRepository(db);
  const annuaire = createAnnuaireDocumentsRepository(db);
  const controles = createControleDocumentsRepository(db);
  /** Rows by id from the repositories, shaped by the presenters (never in SQL modules). */
  const controlesParId = async (ids: number[]) =>
    ids.length ? documentsControles(await controles.controles(ids)) : [];
  const charger: { [E in EntiteCurseur]: (ids: number[]) => Promise<DocumentDe<E>[]> } = {
    controle: controlesParId,
    tournee: async (ids) => (await annuaire.tournee(ids)).map(documentTournee),
    // Built as JSON by PostgreSQL: the directory is the feed's hot path (decisions).
    'annuaire-morale': (ids) => annuaire.annuaire(ids),
    manquement: async (ids) => (await annuaire.manquement(ids)).map(documentManquement),
    frontlogs: async (ids) => (await reference.frontLog(ids)).map(presenter.documentFrontLog),
    groupesysexp: async (ids) =>
      (await reference.groupeSysExp(ids)).map(presenter.documentGroupeSysExp),
    pointsysexp: async (ids) =>
      (await reference.pointSysExp(ids)).map(presenter.documentPointSysExp),
    categorie: async (ids) => (await reference.categorie(ids)).map(presenter.documentCategorie),
    'categorie-activite': async (ids) =>
      (await reference.categorieActivite(ids)).map(presenter.documentCategorieActivite),
    'activite-aop': async (ids) =>
      (await reference.activiteAop(ids)).map(presenter.documentActiviteAop),
    'point-controle': async (ids) =>
      (await reference.pointControle(ids)).map(presenter.documentPointControle),
    'point-controle-aop': async (ids) =>
      (await reference.pointControleAop(ids)).map(presenter.documentPointControleAop),
    'organisme-certificateur': async (ids) =>
      (await reference.organismeCertificateur(ids)).map(presenter.documentOrganismeCertificateur),
    referentiels: async (ids) =>
      (await reference.referentiel(ids)).map(presenter.documentReferentiel),
  };

  return {
    /** One batch of a feed after the device's checkpoint (docs/architecture.md §5 Pull). */
    async tirer<E extends EntiteCurseur>(
      acteur: Acteur,
      entite: E,
      query: PullQuery,
    ): Promise<Lot<DocumentDe<E>>> {
      const portee = porteeAutorisee(acteur, entite);
      const scope = cleScope(portee, entite);
      const apres = decoderCheckpoint(scope, query);
      if (entite === 'tournee' && portee.controleur && apres.xid !== '0')
        await crochets.accuserReception?.(portee.utilisateurId, apres.xid, apres.id);
      const taille = Math.min(query.batchSize ?? TAILLE_LOT_MAX[entite], TAILLE_LOT_MAX[entite]);
      const lignes = await lireLot(db, entite, portee, apres, taille);
      const vivants = lignes.filter((l) => !l.supprime).map((l) => l.id);
      const docs: DocumentDe<E>[] = vivants.length ? await charger[entite](vivants) : [];
      const parId = new Map(docs.map((d) => [d.id, d]));
      const documents = lignes.map(
        (l): DocumentDe<E> | DocumentSupprime =>
          (!l.supprime && parId.get(String(l.id))) || { id: String(l.id), _deleted: true },
      );
      const dernier = lignes.at(-1);
      return {
        documents,
        checkpoint: encoderCheckpoint(
          scope,
          dernier ? { xid: dernier.xid, id: dernier.id } : apres,
        ),
      };
    },

    /**
     * The feeds with something after the device's checkpoints (each checked under the same rights
     * and scope as its pull), so that a sync with nothing new is one call.
     */
    async nouveautes(
      acteur: Acteur,
      { checkpoints, reCheckIds }: NouveautesRequest,
    ): Promise<NouveautesResponse> {
      const demandes = [...new Map(checkpoints.map((c) => [c.entite, c])).values()].map((c) => {
        const portee = porteeAutorisee(acteur, c.entite);
        return {
          entite: c.entite,
          portee,
          apres: decoderCheckpoint(cleScope(portee, c.entite), c),
        };
      });
      // A sync with nothing new pulls no feed: presenting the rounds' checkpoint here is the
      // device's receipt (issue 14: a round moves to SYNCHRONISE once its device holds it).
      for (const d of demandes)
        if (d.entite === 'tournee' && d.portee.controleur && d.apres.xid !== '0')
          await crochets.accuserReception?.(d.portee.utilisateurId, d.apres.xid, d.apres.id);
      const entites = await fluxAvecNouveautes(db, demandes);
      if (reCheckIds === undefined) return { entites };
      // The recheck rides on this call (issue 29 item 3): only the controls to drop come back; a
      // control still the caller's that changed is the `controle` feed's to send.
      const portee = porteeAutorisee(acteur, 'controle');
      const controles = [...new Set(reCheckIds.map(Number))];
      const visibles = new Set(await idsDansPortee(db, 'controle', portee, controles));
      return { entites, supprimes: controles.filter((id) => !visibles.has(id)).map(String) };
    },

    /**
     * One directory batch as the answer's JSON text, built by PostgreSQL in one statement (the
     * feed is thousands of documents: parsing them into objects and serialising them again was
     * most of its cost). Same answer as `tirer` passed through the route's schema, byte for byte
     * (synchro.annuaire-json.test.ts).
     */
    async tirerAnnuaireJson(acteur: Acteur, query: PullQuery): Promise<string> {
      const entite = 'annuaire-morale';
      const portee = porteeAutorisee(acteur, entite);
      const scope = cleScope(portee, entite);
      const apres = decoderCheckpoint(scope, query);
      const taille = Math.min(query.batchSize ?? TAILLE_LOT_MAX[entite], TAILLE_LOT_MAX[entite]);
      const lot = await annuaire.lotAnnuaire(requeteLot(entite, portee, apres, taille));
      const checkpoint = encoderCheckpoint(scope, lot.dernier ?? apres);
      return `{"documents":${lot.documents},"checkpoint":${JSON.stringify(checkpoint)}}`;
    },

    /**
     * Current state of the controls a device holds: those gone or no longer the caller's come back
     * `_deleted`, whatever the cursors say (a safety net after the feeds).
     */
    async reverifier(acteur: Acteur, ids: string[]): Promise<Lot<ControleDocument>> {
      const portee = porteeAutorisee(acteur, 'controle');
      const demandes = [...new Set(ids.map(Number))];
      const visibles = new Set(await idsDansPortee(db, 'controle', portee, demandes));
      const docs = await controlesParId([...visibles]);
      const parId = new Map(docs.map((d) => [d.id, d]));
      return {
        documents: demandes.map(
          (id) => parId.get(String(id)) ?? { id: String(id), _deleted: true as const },
        ),
        checkpoint: { id: '0', lastSync: '' },
      };
    },
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;
