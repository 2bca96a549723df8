import { z } from 'zod';
import { GRAVITES, SOURCES_POINT, seuilsPointSchema } from '@estive/domain';
import { colonne } from '../../db/lignes';

/** Rows the grid's settings read (grille.repository). */

const gravite = z.enum(GRAVITES).nullable();

/** An id written back by an update or a check (`returning id::text`). */
export const ligneId = z.object({ id: colonne.texte });

export const ligneAopIgp = z.object({ id: colonne.texte, libelle: colonne.texte });

export const ligneCategorie = z.object({
  id: colonne.texte,
  libelle: colonne.texte,
  ordre: colonne.entier,
});

export const lignePointControle = z.object({
  id: colonne.texte,
  code: colonne.texte,
  libelle: colonne.texte,
  reference: colonne.texte.nullable(),
  source: z.enum(SOURCES_POINT),
  ordre: colonne.entier,
  categorieId: colonne.texte,
  archive: colonne.booleen,
  /** A shortcoming or a live link names it: it cannot be deleted. */
  utilise: colonne.booleen,
});

/** A point's link to one of the ODG's labels, switched off ones too (actif false). */
export const ligneLien = z.object({
  pointControleId: colonne.texte,
  aopIgpId: colonne.texte,
  actif: colonne.booleen,
  seuil: seuilsPointSchema,
  gravite,
  cible: colonne.texte.nullable(),
  pointSystemeExploitationId: colonne.texte.nullable(),
});
export type LienLu = z.output<typeof ligneLien>;

export const ligneCategorieUtilisee = z.object({ utilisee: colonne.booleen });

/**
 * A row of the grid's export: a point, once per label of the ODG; the label's columns come from
 * a left join (null for a point linked to none of its labels).
 */
export const ligneExportGrille = z.object({
  categorie: colonne.texte,
  code: colonne.texte,
  libelle: colonne.texte,
  source: z.enum(SOURCES_POINT),
  archive: colonne.booleen,
  aopIgp: colonne.texte.nullable(),
  actif: colonne.booleen.nullable(),
  seuil: seuilsPointSchema.nullable(),
  gravite,
  ligne: colonne.texte.nullable(),
});
