/**
 * The report payload of spec part 2 §7 ('Report generation'): everything the PDF prints, as
 * display-ready strings (dates formatted, enums labelled, addresses split into lines). The report
 * package never formats or looks anything up, so a report is the same on a tablet and in Node,
 * and the fingerprint computed over this payload (see the web app's finaliser.ts) covers exactly
 * what is printed.
 *
 * Names and shapes follow the web app's payload builder (apps/web/src/features/rapport), which
 * builds this object; fields it does not fill yet are optional.
 */

/** A name and a signature image, a PNG data URL drawn on the tablet. */
export interface SignatureNommee {
  name: string;
  image: string;
}

/**
 * Spec part 2 §3 'Synthesis per AOP-IGP'. Each audited signature entry (id, name, image,
 * rapportAudit, planProgres flags) is split by the web app into the two lists it signs.
 */
export interface SynthesePayload {
  audite: {
    observation: string;
    signatures: { rapport: SignatureNommee[]; planProgres: SignatureNommee[] };
  };
  auditeur: { observation: string; signature: string | null };
}

export interface CoordonneesPayload {
  raisonSociale: string;
  siret: string;
  adresse: string[];
  telephone: string;
  mail: string;
}

export interface OdgPayload extends CoordonneesPayload {
  /** The ODG's logo as a data URL (spec §7 'odgRef with logo'); none prints the name alone. */
  logo?: string | null;
}

export interface AopIgpPayload {
  id?: string;
  libelle: string;
  /** 'AOP' or 'IGP' (a plain string: the payload carries display values, not enums). */
  type: string;
  migre: boolean;
  referentielsJoin: string;
  organismeCertificateur: string;
  logoAopIgp: string | null;
  /** 'Gravité', or for a migrated label its own word ('Seuil', 'Récidive'): spec §3, §9. */
  graviteColLabel: string;
}

/** The signing user's own profile (spec part 2 §6), not the planned controller's. */
export interface AuditeurPayload {
  nom: string;
  prenom: string;
  mail: string;
  telephone: string;
  /** The auditor's organisation (Person.personneMorale), printed under the name when known. */
  organisme?: string;
}

export interface AuditePayload extends CoordonneesPayload {
  /** The operator's own name (legal entity `nom`), printed when it differs from the company name. */
  nom?: string;
}

/** One shortcoming of the progress plan; delays already joined with their date ('3 mois — 30/06/2025'). */
export interface ManquementPayload {
  code: string;
  libelle: string;
  categorie: string;
  valeur: string;
  /** The severity or threshold label, printed under `aopIgp.graviteColLabel`. */
  gravite: string;
  informationsAuditeur: string;
  informationsAudite: string;
  mesureCorrective: string;
  delaiCorrective: string;
  mesureCorrectrice: string;
  delaiCorrectrice: string;
}

export interface PointSysExpPayload {
  code: string;
  libelle: string;
  formule?: string;
  valeur: string;
  unite: string;
}

export interface GroupeSysExpPayload {
  libelle: string;
  /** An ignored group (spec §2 step 2) is listed as such, without its points. */
  ignore?: boolean;
  points: PointSysExpPayload[];
}

export interface PointCategoriePayload {
  code: string;
  libelle: string;
  reference?: string;
  /** 'C', 'NC', 'SO' or 'NO' (spec §3 enumerations); the legend explains them. */
  conformite: string;
  valeur: string;
  gravite: string;
  observation: string;
}

export interface CategoriePayload {
  code?: string;
  libelle: string;
  points: PointCategoriePayload[];
}

export interface RapportPayload {
  odgRef: OdgPayload;
  /** dd/mm/yyyy, Paris time. */
  dateControle: string;
  /** hh:mm, Paris time. */
  heure: string;
  /** The day the report was produced, dd/mm/yyyy. */
  dateNow: string;
  synthese: SynthesePayload;
  referentielActifs: string[];
  aopIgp: AopIgpPayload;
  /** 'SIQ-' + control id (spec §9). */
  numeroRapport: string;
  auditeur: AuditeurPayload;
  audite: AuditePayload;
  activites: string[];
  manquements: ManquementPayload[];
  sysExp: GroupeSysExpPayload[];
  categories: CategoriePayload[];
  /** The final report's fingerprint, printed in every footer; previews have none. */
  empreinte?: string;
}
