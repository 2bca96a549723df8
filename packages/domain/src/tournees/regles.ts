import type { NiveauControle, StatutHabilitation, TypeDroit } from '../enums';

export const NIVEAU_INOPINE: NiveauControle = 'INIT_CIBLE_INO';

/** A control of a round being prepared (spec part 1 §5): incomplete unless fully described. */
export interface ControleEnPreparation {
  date: string | null;
  appellations: { siteIds: string[]; activiteAopIgpIds: string[]; niveau: NiveauControle | null }[];
}

export const controleTourneeIncomplet = (c: ControleEnPreparation) =>
  !c.date ||
  c.appellations.length === 0 ||
  c.appellations.some(
    (a) => a.siteIds.length === 0 || a.activiteAopIgpIds.length === 0 || !a.niveau,
  );

export interface HabilitationOperateur {
  aopIgp: { id: string; libelle: string };
  activite: { id: string; libelle: string };
  statut: StatutHabilitation;
}

/** Habilitated means holding a VALIDEE habilitation. */
export const estHabilite = (operateur: { habilitations?: readonly HabilitationOperateur[] }) =>
  (operateur.habilitations ?? []).some((h) => h.statut === 'VALIDEE');

/** Unannounced inspections: only an active right of type ODG or ODG_REFERENTE holding a SIRET. */
export const peutCreerInopine = (droit: { type: TypeDroit; siret: string | null } | null) =>
  !!droit && (droit.type === 'ODG' || droit.type === 'ODG_REFERENTE') && !!droit.siret;

export interface SiteOperateur {
  id: string;
  siege?: boolean;
  aopIds?: readonly string[];
}

/** Default site of an unannounced control: headquarters, else the first site linked to the label. */
export function sitesParDefaut(sites: readonly SiteOperateur[], aopIgpId: string): string[] {
  const siege = sites.find((s) => s.siege);
  if (siege) return [siege.id];
  const lie = sites.find((s) => (s.aopIds ?? []).map(String).includes(aopIgpId));
  return lie ? [lie.id] : [];
}

export interface DocumentOperateur {
  id: string;
  typeDocument: string;
  dateCreation: string;
}

/** Default documents: the latest DI and the latest RAPPORT_AUDIT. */
export function documentsParDefaut(documents: readonly DocumentOperateur[]): string[] {
  const dernier = (type: string) =>
    documents
      .filter((d) => d.typeDocument === type)
      .sort((a, b) => b.dateCreation.localeCompare(a.dateCreation))[0];
  return [dernier('DI'), dernier('RAPPORT_AUDIT')]
    .filter((d): d is DocumentOperateur => !!d)
    .map((d) => d.id);
}

export interface OperateurRecherche {
  siret?: string | null;
  raisonSociale?: string | null;
  codePostal?: string | null;
  ville?: string | null;
  mail?: string | null;
}

/** Local operator search: a case- and accent-insensitive match on siret, name, postcode, city, mail. */
export function correspondOperateur(operateur: OperateurRecherche, texte: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const t = norm(texte.trim());
  if (!t) return true;
  return [
    operateur.siret,
    operateur.raisonSociale,
    operateur.codePostal,
    operateur.ville,
    operateur.mail,
  ].some((champ) => !!champ && norm(champ).includes(t));
}
