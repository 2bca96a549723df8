import type { PointDemo } from './referentiel.data';

/** Points every label checks, shared by the label tables. */

export const RACE = (races: string, ref: string) => ({
  code: 'TR-01',
  libelle: `Race des vaches laitières`,
  // The breeds allowed differ by label: they are the point's reference text.
  reference: `${ref} — races : ${races}`,
  categorie: 'Troupeau' as const,
  source: 'CONSTAT' as const,
  gravite: 'MAJEUR' as const,
});
export const ENSILAGE = (ref: string) => ({
  code: 'AL-01',
  libelle: "Absence d'ensilage et d'aliments fermentés",
  reference: ref,
  categorie: 'Alimentation' as const,
  source: 'CONSTAT' as const,
  gravite: 'GRAVE' as const,
});
export const DI: PointDemo = {
  code: 'HL-01',
  libelle: "Déclaration d'identification à jour",
  reference: 'CDC § Obligations déclaratives',
  categorie: 'Habilitation et localisation' as const,
  source: 'CONSTAT' as const,
  gravite: 'MINEUR' as const,
};
export const REGISTRES: PointDemo = {
  code: 'DD-01',
  libelle: 'Registres de traçabilité tenus à jour',
  reference: 'CDC § Registres',
  categorie: 'Documents et déclarations' as const,
  source: 'CONSTAT' as const,
  gravite: 'MINEUR' as const,
};

/** A dozen dairy labels with real thresholds (aop-rules.md); points cite the decree's article. */
