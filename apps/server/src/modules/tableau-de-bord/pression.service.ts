import { randomBytes } from 'node:crypto';
import { tirerAuSort } from '@estive/domain';
import type { Pression, PrepareTirageRequest, Tirage } from '@estive/contracts';
import { invalid, notFound } from '../../lib/errors';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import type { PanierService } from '../panier/panier.service';
import type { CandidatBrut, PressionRepository } from './pression.repository';

export const TIRAGE_INTROUVABLE = "Ce tirage n'est pas dans votre périmètre";

/**
 * Pression de contrôle: what the campaign's rates ask for, a preselection, and a draw that an
 * auditor can re-run (its seed and its candidate list are recorded).
 */
export function createPressionService(repo: PressionRepository, panier: PanierService) {
  function perimetre(acteur: Acteur): number {
    requireRole(acteur, 'ROLE_CNAOL', 'ROLE_ANIMATEUR');
    return requirePerimetre(acteur);
  }
  async function verifier(odgId: number, campagneId: number, aopIgpId: number) {
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
  const candidat = (c: CandidatBrut) => ({
    ...c,
    manquementsOuverts: Number(c.manquementsOuverts),
  });

  async function lireTirage(odgId: number, id: number): Promise<Tirage> {
    const t = await repo.tirage(odgId, id);
    if (!t) throw notFound(TIRAGE_INTROUVABLE);
    const parId = new Map((await repo.operateurs(t.tires)).map((o) => [Number(o.id), o]));
    return {
      id: t.id,
      campagneId: t.campagneId,
      aopIgpId: t.aopIgpId,
      graine: t.graine,
      nombre: t.nombre,
      date: t.date,
      auteur: t.auteur,
      nbCandidats: t.candidats.length,
      tires: t.tires.flatMap((i) => {
        const o = parId.get(i);
        return o ? [candidat(o)] : [];
      }),
    };
  }

  return {
    async pression(acteur: Acteur, campagneId: number | undefined): Promise<Pression> {
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
    },

    async preselection(acteur: Acteur, campagneId: number, aopIgpId: number, size: number) {
      const odgId = perimetre(acteur);
      await verifier(odgId, campagneId, aopIgpId);
      const r = await repo.preselection(odgId, campagneId, aopIgpId, size);
      return { totalCandidats: r.totalCandidats, content: r.content.map(candidat) };
    },

    /**
     * `prepare-tirage`: draws `nombre` candidates with the given seed (a fresh random one if
     * none), records seed, candidate list and result, and answers the recorded draw.
     */
    async prepareTirage(acteur: Acteur, d: PrepareTirageRequest): Promise<Tirage> {
      const odgId = perimetre(acteur);
      const campagneId = Number(d.campagneId);
      const aopIgpId = Number(d.aopIgpId);
      await verifier(odgId, campagneId, aopIgpId);
      const graine = d.graine ?? randomBytes(8).toString('hex');
      const candidats = await repo.idsCandidats(odgId, campagneId, aopIgpId);
      const tires = tirerAuSort(candidats, graine, d.nombre);
      const id = await repo.enregistrerTirage({
        odgId,
        campagneId,
        aopIgpId,
        graine,
        nombre: d.nombre,
        candidats,
        tires,
        utilisateurId: acteur.utilisateurId,
      });
      return lireTirage(odgId, id);
    },

    async tirage(acteur: Acteur, id: number): Promise<Tirage> {
      return lireTirage(perimetre(acteur), id);
    },

    async versPanier(acteur: Acteur, ids: readonly string[]) {
      perimetre(acteur);
      return panier.ajouter(acteur, [...ids]);
    },
  };
}
export type PressionService = ReturnType<typeof createPressionService>;
