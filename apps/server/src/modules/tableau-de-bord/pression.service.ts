import { randomBytes } from 'node:crypto';
import { ROLES_BUREAU, tirerAuSort } from '@estive/domain';
import type {
  Pression,
  PrepareTirageRequest,
  TauxRequest,
  Tirage,
  TirageResume,
} from '@estive/contracts';
import { invalid, notFound } from '../../lib/errors';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import type { PanierService } from '../panier/panier.service';
import { xlsxEnFlux, type ColonneXlsx } from '../../lib/xlsx';
import type { PressionRepository, LigneTirage } from './pression.repository';

export const TIRAGE_INTROUVABLE = "Ce tirage n'est pas dans votre périmètre";
export const NON_CANDIDATS =
  'Ces opérateurs ne sont pas candidats pour cette campagne et cette AOP-IGP';

type LignePression = Pression['lignes'][number];
const COLONNES_XLSX_PRESSION: ColonneXlsx<LignePression>[] = [
  { titre: 'AOP-IGP', largeur: 24, valeur: (l) => l.aopIgp },
  { titre: 'Activité', largeur: 28, valeur: (l) => l.activite },
  { titre: 'Taux cible (%)', largeur: 12, type: 'nombre', valeur: (l) => l.taux },
  { titre: 'Habilités', largeur: 10, type: 'nombre', valeur: (l) => l.habilites },
  { titre: 'Objectif', largeur: 10, type: 'nombre', valeur: (l) => l.objectif },
  { titre: 'Contrôlés', largeur: 10, type: 'nombre', valeur: (l) => l.controles },
  { titre: 'Programmés', largeur: 10, type: 'nombre', valeur: (l) => l.programmes },
  { titre: 'Écart', largeur: 10, type: 'nombre', valeur: (l) => l.ecart },
];

/** Whether the generator, re-run on the recorded candidates with the recorded seed, gives the list. */
const verifier = (t: LigneTirage) => {
  const rejoue = tirerAuSort(t.candidats, t.graine, t.nombre);
  return rejoue.length === t.tires.length && rejoue.every((id, i) => id === t.tires[i]);
};

/**
 * Pression de contrôle: what the campaign's rates ask for, a preselection, and a draw that an
 * auditor can re-run (its seed and its candidate list are recorded).
 */
export function createPressionService(repo: PressionRepository, panier: PanierService) {
  function perimetre(acteur: Acteur): number {
    requireRole(acteur, ...ROLES_BUREAU);
    return requirePerimetre(acteur);
  }
  async function verifierPerimetre(odgId: number, campagneId: number, aopIgpId: number) {
    const erreurs: { field: string; defaultMessage: string }[] = [];
    if (!(await repo.campagneDuPerimetre(odgId, campagneId)))
      erreurs.push({
        field: 'campagneId',
        defaultMessage: "Cette campagne n'est pas dans votre périmètre",
      });
    if (!(await repo.aopDuPerimetre(odgId, aopIgpId)))
      erreurs.push({
        field: 'aopIgpId',
        defaultMessage: "Cette AOP-IGP n'est pas dans votre périmètre",
      });
    if (erreurs.length > 0) throw invalid('Veuillez vérifier votre saisie', [], erreurs);
  }

  const resume = (t: LigneTirage) => ({
    id: t.id,
    campagneId: t.campagneId,
    aopIgpId: t.aopIgpId,
    graine: t.graine,
    nombre: t.nombre,
    date: t.date,
    auteur: t.auteur,
    nbCandidats: t.candidats.length,
    verifie: verifier(t),
  });

  async function lireTirage(odgId: number, id: number): Promise<Tirage> {
    const t = await repo.tirage(odgId, id);
    if (!t) throw notFound(TIRAGE_INTROUVABLE);
    const parId = new Map(
      (await repo.operateurs([...t.preselectionnes, ...t.tires])).map((o) => [Number(o.id), o]),
    );
    const liste = (ids: number[]) =>
      ids.flatMap((i) => {
        const o = parId.get(i);
        return o ? [o] : [];
      });
    return {
      ...resume(t),
      preselectionnes: liste(t.preselectionnes),
      tires: liste(t.tires),
    };
  }
  async function pression(acteur: Acteur, campagneId: number | undefined): Promise<Pression> {
    const odgId = perimetre(acteur);
    const campagnes = await repo.campagnes(odgId);
    const choisie = campagneId ?? (campagnes[0] ? Number(campagnes[0].id) : undefined);
    if (choisie === undefined) return { campagnes, campagneId: null, lignes: [] };
    if (!campagnes.some((c) => Number(c.id) === choisie))
      throw notFound("Cette campagne n'est pas dans votre périmètre");
    const lignes = (await repo.lignes(odgId, choisie)).map((l) => {
      const objectif = l.taux === null ? 0 : Math.ceil((l.habilites * l.taux) / 100);
      return { ...l, objectif, ecart: objectif - l.controles - l.programmes };
    });
    return { campagnes, campagneId: String(choisie), lignes };
  }

  return {
    pression,

    /** The campaign's figures as a spreadsheet (same lines as the tab). */
    async exportPression(acteur: Acteur, campagneId: number | undefined) {
      return xlsxEnFlux(
        'Pression de contrôle',
        COLONNES_XLSX_PRESSION,
        (await pression(acteur, campagneId)).lignes,
      );
    },

    /** Sets the campaign's target rate for a label (and activity); answers the new figures. */
    async definirTaux(acteur: Acteur, d: TauxRequest): Promise<Pression> {
      const odgId = perimetre(acteur);
      const campagneId = Number(d.campagneId);
      const aopIgpId = Number(d.aopIgpId);
      const activiteId = d.activiteId ? Number(d.activiteId) : null;
      await verifierPerimetre(odgId, campagneId, aopIgpId);
      if (activiteId !== null && !(await repo.activiteDuLabel(aopIgpId, activiteId)))
        throw invalid(
          'Veuillez vérifier votre saisie',
          [],
          [{ field: 'activiteId', defaultMessage: "Cette activité n'est pas celle de l'AOP-IGP" }],
        );
      await repo.definirTaux(campagneId, aopIgpId, activiteId, d.taux);
      return pression(acteur, campagneId);
    },

    async preselection(acteur: Acteur, campagneId: number, aopIgpId: number, size: number) {
      const odgId = perimetre(acteur);
      await verifierPerimetre(odgId, campagneId, aopIgpId);
      const r = await repo.preselection(odgId, campagneId, aopIgpId, size);
      return { totalCandidats: r.totalCandidats, content: r.content };
    },

    /**
     * `prepare-tirage`: draws `nombre` candidates with the given seed (a fresh random one if
     * none), records seed, candidate list and result, and answers the recorded draw.
     */
    async prepareTirage(acteur: Acteur, d: PrepareTirageRequest): Promise<Tirage> {
      const odgId = perimetre(acteur);
      const campagneId = Number(d.campagneId);
      const aopIgpId = Number(d.aopIgpId);
      await verifierPerimetre(odgId, campagneId, aopIgpId);
      const graine = d.graine ?? randomBytes(8).toString('hex');
      const tous = await repo.idsCandidats(odgId, campagneId, aopIgpId);
      const preselectionnes = [...new Set((d.preselectionnes ?? []).map(Number))];
      const connus = new Set(tous);
      if (preselectionnes.some((p) => !connus.has(p)))
        throw invalid(
          'Veuillez vérifier votre saisie',
          [],
          [{ field: 'preselectionnes', defaultMessage: NON_CANDIDATS }],
        );
      // The draw picks the rest: the candidates the preselection did not take.
      const gardes = new Set(preselectionnes);
      const candidats = tous.filter((c) => !gardes.has(c));
      const tires = tirerAuSort(candidats, graine, d.nombre);
      const id = await repo.enregistrerTirage({
        odgId,
        campagneId,
        aopIgpId,
        graine,
        nombre: d.nombre,
        candidats,
        tires,
        preselectionnes,
        utilisateurId: acteur.utilisateurId,
      });
      return lireTirage(odgId, id);
    },

    async tirage(acteur: Acteur, id: number): Promise<Tirage> {
      return lireTirage(perimetre(acteur), id);
    },

    /** The recorded draws of a campaign, each checked again (`verifie`). */
    async tirages(
      acteur: Acteur,
      campagneId: number,
      aopIgpId: number | undefined,
    ): Promise<TirageResume[]> {
      const odgId = perimetre(acteur);
      return (await repo.tirages(odgId, campagneId, aopIgpId)).map((t) => ({
        ...resume(t),
        aopIgp: t.aopIgp,
        nbPreselectionnes: t.preselectionnes.length,
        nbTires: t.tires.length,
      }));
    },

    async versPanier(acteur: Acteur, ids: readonly string[]) {
      perimetre(acteur);
      return panier.ajouter(acteur, [...ids]);
    },
  };
}
export type PressionService = ReturnType<typeof createPressionService>;
