import type { MatriceEcriture } from '@estive/contracts';
import { requireParametrage, requirePerimetre, type Acteur } from '../../lib/acteur';
import { invalid } from '../../lib/errors';
import type { MatriceRepository } from './matrice.repository';

/**
 * The active ODG's category × activity matrix (issue 16 §2 'linked activities'): CNAOL or the
 * ODG's animator sets it; devices receive it through the 'categorie-activite' feed.
 */
export function createMatriceService(repo: MatriceRepository) {
  return {
    lire(acteur: Acteur) {
      requireParametrage(acteur);
      return repo.lire(requirePerimetre(acteur));
    },
    async ecrire(acteur: Acteur, v: MatriceEcriture) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const { categories, activites } = await repo.lire(odg);
      const cats = new Set(categories.map((c) => c.id));
      const acts = new Set(activites.map((a) => a.id));
      const erreurs = v.liens.flatMap((l, i) => [
        ...(cats.has(l.categorieId)
          ? []
          : [{ field: `liens[${String(i)}].categorieId`, defaultMessage: 'Catégorie inconnue' }]),
        ...(acts.has(l.activiteId)
          ? []
          : [
              {
                field: `liens[${String(i)}].activiteId`,
                defaultMessage: "Cette activité n'est proposée par aucune AOP-IGP de l'ODG",
              },
            ]),
      ]);
      if (erreurs.length > 0) throw invalid('Veuillez vérifier votre saisie', [], erreurs);
      const uniques = [...new Set(v.liens.map((l) => `${l.categorieId}:${l.activiteId}`))].map(
        (k) => {
          const [c, a] = k.split(':');
          return { categorieId: Number(c), activiteId: Number(a) };
        },
      );
      await repo.ecrire(odg, uniques);
      return repo.lire(odg);
    },
  };
}
export type MatriceService = ReturnType<typeof createMatriceService>;
