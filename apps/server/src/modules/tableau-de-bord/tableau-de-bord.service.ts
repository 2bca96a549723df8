import { finDelai, jourParis, ROLES_BUREAU } from '@estive/domain';
import type {
  ManquementCommentaireRequest,
  ManquementDetail,
  ParametrageTdb,
  SuiviOperateur,
  manquementManuelRequestSchema,
} from '@estive/contracts';
import { parametrageTdbSchema } from '@estive/contracts';
import type { z } from 'zod';
import { invalid, notFound } from '../../lib/errors';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { xlsxEnFlux } from '../../lib/xlsx';
import type { ParametrageTdbRepository } from './parametrage-tdb.repository';
import {
  COLONNES_XLSX_CONTROLES,
  COLONNES_XLSX_MANQUEMENTS,
  versControle,
  versManquement,
} from './presenters';
import type { FiltresControles, TdbControlesRepository } from './tdb-controles.repository';
import type { FiltresManquements, TdbManquementsRepository } from './tdb-manquements.repository';

export const MANQUEMENT_INTROUVABLE = "Ce manquement n'est pas dans votre périmètre";
export const OPERATEUR_INTROUVABLE = "Cet opérateur n'est pas dans votre périmètre";

async function* aplatir<T>(lots: AsyncIterable<readonly T[]>): AsyncGenerator<T> {
  for await (const lot of lots) yield* lot;
}

const paginer = <T>(content: T[], totalElements: number, page: number, size: number) => ({
  content,
  totalElements,
  totalPages: Math.ceil(totalElements / size),
  number: page,
  size,
});

/**
 * The dashboards of the office (route `tdb`: CNAOL and ANIMATEUR). Every read and write is on
 * the active right's ODG, which each repository puts in its WHERE.
 */
export function createTableauDeBordService(
  controles: TdbControlesRepository,
  manquements: TdbManquementsRepository,
  parametrage: ParametrageTdbRepository,
) {
  function perimetre(acteur: Acteur): number {
    requireRole(acteur, ...ROLES_BUREAU);
    return requirePerimetre(acteur);
  }

  return {
    async controles(acteur: Acteur, f: FiltresControles, page: number, size: number) {
      const r = await controles.page(perimetre(acteur), f, page, size);
      return paginer(r.content.map(versControle), r.totalElements, page, size);
    },
    async statistiquesControles(acteur: Acteur, f: FiltresControles) {
      return { parMois: await controles.parMois(perimetre(acteur), f) };
    },
    async statistiquesManquements(acteur: Acteur, f: FiltresManquements) {
      return { parCategorie: await manquements.parCategorie(perimetre(acteur), f) };
    },
    async exportControles(acteur: Acteur, f: FiltresControles) {
      return xlsxEnFlux(
        'Contrôles',
        COLONNES_XLSX_CONTROLES,
        aplatir(controles.tout(perimetre(acteur), f)),
      );
    },

    async manquements(acteur: Acteur, f: FiltresManquements, page: number, size: number) {
      const r = await manquements.page(perimetre(acteur), f, page, size);
      return paginer(r.content.map(versManquement), r.totalElements, page, size);
    },
    async exportManquements(acteur: Acteur, f: FiltresManquements) {
      return xlsxEnFlux(
        'Manquements',
        COLONNES_XLSX_MANQUEMENTS,
        aplatir(manquements.tout(perimetre(acteur), f)),
      );
    },

    async manquement(acteur: Acteur, id: number): Promise<ManquementDetail> {
      const odgId = perimetre(acteur);
      const d = await manquements.detail(odgId, id);
      if (!d) throw notFound(MANQUEMENT_INTROUVABLE);
      const [historique, precedents, controle] = await Promise.all([
        manquements.historique(id),
        manquements.precedents(id),
        d.controleId === null
          ? Promise.resolve(undefined)
          : controles.parId(odgId, Number(d.controleId)),
      ]);
      const { controleId: _c, pointControleId: _p, rapportSigneFichierId, ...ligne } = d;
      return {
        ...ligne,
        activites: ligne.activites ?? [],
        historique,
        precedents,
        controle: controle
          ? {
              id: controle.id,
              date: controle.date,
              niveau: controle.niveau,
              nature: controle.nature,
              statut: controle.statut,
              resultat: controle.resultat,
              auditeur: controle.auditeur,
              rapportSigneFichierId,
            }
          : null,
      };
    },

    async commenter(acteur: Acteur, id: number, demande: ManquementCommentaireRequest) {
      const odgId = perimetre(acteur);
      const commentaire = demande.commentaire?.trim() || null;
      const ok = await manquements.changerEtat(odgId, id, {
        etat: demande.etat,
        commentaire,
        utilisateurId: acteur.utilisateurId,
      });
      if (!ok) throw notFound(MANQUEMENT_INTROUVABLE);
      return this.manquement(acteur, id);
    },

    async creerManuel(acteur: Acteur, d: z.output<typeof manquementManuelRequestSchema>) {
      const odgId = perimetre(acteur);
      const operateurId = Number(d.personneMoraleId);
      const aopIgpId = Number(d.aopIgpId);
      const pointControleId = Number(d.pointControleId);
      const erreurs: { field: string; defaultMessage: string }[] = [];
      if (!(await controles.operateurDuPerimetre(odgId, operateurId)))
        erreurs.push({ field: 'personneMoraleId', defaultMessage: OPERATEUR_INTROUVABLE });
      if (!(await manquements.pointDuLabel(odgId, aopIgpId, pointControleId)))
        erreurs.push({
          field: 'pointControleId',
          defaultMessage: "Ce point de contrôle n'est pas celui de l'AOP-IGP",
        });
      if (erreurs.length > 0) throw invalid('Veuillez vérifier votre saisie', [], erreurs);
      // A delay with no date gets its due date from today, as a controller's does from the
      // control's day: the overdue list and the reminders read only the date (issue 32 item 3).
      const echeance = (m: { delai?: string | null; date?: string | null } | undefined) =>
        m?.date ?? finDelai(jourParis(new Date()), m?.delai ?? null);
      const id = await manquements.creerManuel(
        {
          personneMoraleId: operateurId,
          aopIgpId,
          pointControleId,
          etat: d.etat,
          niveau: d.gravite,
          valeur: d.valeur ?? null,
          commentaire: d.commentaire ?? null,
          informationsAuditeur: d.informationsAuditeur ?? null,
          mesureCorrective: d.correctives?.mesure ?? null,
          delaiSuiviCorrective: d.correctives?.delai ?? null,
          dateSuiviCorrective: echeance(d.correctives),
          mesureCorrectrice: d.correctrices?.mesure ?? null,
          delaiSuiviCorrectrice: d.correctrices?.delai ?? null,
          dateSuiviCorrectrice: echeance(d.correctrices),
        },
        acteur.utilisateurId,
      );
      return this.manquement(acteur, id);
    },

    async suivi(acteur: Acteur, personneMoraleId: number): Promise<SuiviOperateur> {
      const odgId = perimetre(acteur);
      const operateur = await controles.operateur(personneMoraleId);
      if (!operateur || !(await controles.operateurDuPerimetre(odgId, personneMoraleId)))
        throw notFound(OPERATEUR_INTROUVABLE);
      const [lignes, ms] = await Promise.all([
        controles.deLOperateur(odgId, personneMoraleId),
        manquements.page(odgId, { personneMoraleId: String(personneMoraleId) }, 0, 500),
      ]);
      return {
        operateur,
        controles: lignes.map(versControle),
        manquements: ms.content.map(versManquement),
      };
    },

    /** Any role may read and keep its own settings; defaults fill what an older record lacks. */
    async parametrage(acteur: Acteur): Promise<ParametrageTdb> {
      const brut = await parametrage.lire(acteur.utilisateurId);
      const lu = parametrageTdbSchema.safeParse({
        tdbControles: true,
        tdbManquements: true,
        tdbSuiviOperateurs: true,
        ...brut,
      });
      return lu.success
        ? lu.data
        : parametrageTdbSchema.parse({
            tdbControles: true,
            tdbManquements: true,
            tdbSuiviOperateurs: true,
          });
    },
    async enregistrerParametrage(acteur: Acteur, p: ParametrageTdb): Promise<ParametrageTdb> {
      requireRole(acteur, ...ROLES_BUREAU);
      await parametrage.ecrire(acteur.utilisateurId, p);
      return p;
    },
  };
}
export type TableauDeBordService = ReturnType<typeof createTableauDeBordService>;
