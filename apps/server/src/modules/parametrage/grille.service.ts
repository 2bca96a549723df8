import type {
  GrilleParametrage,
  PointControleAopEcriture,
  PointControlePatch,
} from '@estive/contracts';
import { pointControleAopEcritureSchema } from '@estive/contracts';
import type { SourcePoint } from '@estive/domain';
import { requireParametrage, requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { conflict, invalid, notFound } from '../../lib/errors';
import type { GrilleRepository } from './grille.repository';
import type { SystemeService } from './systeme.service';

const POINT_INTROUVABLE = 'Ce point de contrôle est introuvable';
const CATEGORIE_INTROUVABLE = 'Cette catégorie est introuvable';
const champ = (field: string, defaultMessage: string) =>
  invalid('Veuillez vérifier votre saisie', [], [{ field, defaultMessage }]);

/**
 * The control grid's national part (categories, control points: CNAOL only, decisions.md) and
 * the ODG's part (each point's thresholds for the ODG's labels: CNAOL or the ODG's animator).
 */
export function createGrilleService(repo: GrilleRepository, systeme: SystemeService) {
  /** Categories and points are one list for every ODG: only the national body edits them. */
  const national = (acteur: Acteur) => {
    requireParametrage(acteur);
    requireRole(acteur, 'ROLE_CNAOL');
  };

  async function verifierCategorie(id: number) {
    if (!(await repo.categorieExiste(id))) throw champ('categorieId', CATEGORIE_INTROUVABLE);
  }

  return {
    async grille(acteur: Acteur): Promise<GrilleParametrage> {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const [aopIgps, categories, points, liens] = await Promise.all([
        repo.aopIgps(odg),
        repo.categories(),
        repo.points(),
        repo.liens(odg),
      ]);
      const parPoint = new Map<string, typeof liens>();
      for (const l of liens)
        parPoint.set(l.pointControleId, [...(parPoint.get(l.pointControleId) ?? []), l]);
      return {
        aopIgps,
        categories,
        points: points.map((p) => ({
          ...p,
          aops: (parPoint.get(p.id) ?? []).map((l) => ({
            aopIgpId: l.aopIgpId,
            actif: l.actif,
            seuil: pointControleAopEcritureSchema.shape.seuil.parse(l.seuil),
            gravite: l.gravite,
            cible: l.cible,
            pointSystemeExploitationId: l.pointSystemeExploitationId,
          })),
        })),
      };
    },

    async creerCategorie(acteur: Acteur, libelle: string) {
      national(acteur);
      const id = await repo.creerCategorie(libelle);
      return { id: String(id) };
    },
    async modifierCategorie(acteur: Acteur, id: number, libelle: string) {
      national(acteur);
      if (!(await repo.modifierCategorie(id, libelle))) throw notFound(CATEGORIE_INTROUVABLE);
      return { id: String(id) };
    },
    async supprimerCategorie(acteur: Acteur, id: number) {
      national(acteur);
      const r = await repo.supprimerCategorie(id);
      if (r === 'ABSENTE') throw notFound(CATEGORIE_INTROUVABLE);
      if (r === 'UTILISEE')
        throw conflict(
          'Cette catégorie contient des points de contrôle : elle ne peut pas être supprimée',
        );
    },
    async ordonnerCategories(acteur: Acteur, ids: number[]) {
      national(acteur);
      return { modifies: await repo.ordonnerCategories(ids) };
    },

    async creerPoint(
      acteur: Acteur,
      v: {
        code: string;
        libelle: string;
        reference: string | null;
        source: SourcePoint;
        categorieId: string;
      },
    ) {
      national(acteur);
      await verifierCategorie(Number(v.categorieId));
      if (await repo.codePointPris(v.code))
        throw champ('code', 'Ce code est déjà utilisé par un autre point de contrôle');
      const id = await repo.creerPoint({ ...v, categorieId: Number(v.categorieId) });
      return { id: String(id) };
    },

    async modifierPoint(acteur: Acteur, id: number, v: PointControlePatch) {
      national(acteur);
      if (!(await repo.pointExiste(id))) throw notFound(POINT_INTROUVABLE);
      if (v.categorieId !== undefined) await verifierCategorie(Number(v.categorieId));
      if (v.code !== undefined && (await repo.codePointPris(v.code, id)))
        throw champ('code', 'Ce code est déjà utilisé par un autre point de contrôle');
      const { categorieId, reference, ...reste } = v;
      const ok = await repo.modifierPoint(id, {
        ...reste,
        ...(categorieId !== undefined ? { categorieId: Number(categorieId) } : {}),
        ...(reference !== undefined ? { reference: reference ?? null } : {}),
      });
      if (!ok) throw notFound(POINT_INTROUVABLE);
      return { id: String(id) };
    },

    async supprimerPoint(acteur: Acteur, id: number) {
      national(acteur);
      const r = await repo.supprimerPoint(id);
      if (r === 'ABSENT') throw notFound(POINT_INTROUVABLE);
      if (r === 'UTILISE')
        throw conflict(
          'Ce point de contrôle est utilisé (manquements ou AOP-IGP liées) : archivez-le plutôt',
        );
    },

    async ordonnerPoints(acteur: Acteur, categorieId: number | undefined, ids: number[]) {
      national(acteur);
      if (categorieId === undefined) throw champ('parentId', 'Ce champ est obligatoire');
      return { modifies: await repo.ordonnerPoints(categorieId, ids) };
    },

    /** The point applied to one of the ODG's labels: thresholds, gravity, target, exploitation line. */
    async ecrireLien(
      acteur: Acteur,
      pointId: number,
      aopIgpId: number,
      v: PointControleAopEcriture,
    ) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const d = pointControleAopEcritureSchema.parse(v);
      if (!(await repo.pointExiste(pointId))) throw notFound(POINT_INTROUVABLE);
      const ligne =
        d.pointSystemeExploitationId === null ? null : Number(d.pointSystemeExploitationId);
      if (ligne !== null && !(await systeme.ligneDuPerimetre(odg, ligne)))
        throw champ(
          'pointSystemeExploitationId',
          "Cette ligne n'est pas dans le système d'exploitation de l'ODG",
        );
      const ok = await repo.ecrireLien(odg, pointId, aopIgpId, {
        actif: d.actif,
        seuil: d.seuil,
        gravite: d.gravite,
        cible: d.cible,
        pointSystemeExploitationId: ligne,
      });
      if (!ok) throw notFound("Cette AOP-IGP n'est pas dans votre périmètre");
      return { id: String(pointId) };
    },

    async export(acteur: Acteur) {
      requireParametrage(acteur);
      return repo.export(requirePerimetre(acteur));
    },
  };
}
export type GrilleService = ReturnType<typeof createGrilleService>;
