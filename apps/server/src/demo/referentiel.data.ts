import type {
  GroupeDemo,
  Gravite,
  OperateurSeuil,
  SourcePoint,
  TypeAopIgp,
  TypeOrganisme,
} from '@estive/domain';

/**
 * The demo reference data, from the real rules of /shared/reference/aop-rules.md (historical
 * decrees): thresholds, formulas and categories a controller would recognise.
 */

export interface OdgDemo {
  cle: string;
  type: TypeOrganisme;
  raisonSociale: string;
  siret: string | null;
  ville: string;
  codePostal: string;
  zone: string;
}

export const ODGS: OdgDemo[] = [
  {
    cle: 'comte',
    type: 'ODG',
    raisonSociale: 'Comité Interprofessionnel de Gestion du Comté',
    siret: '77639468400029',
    ville: 'Poligny',
    codePostal: '39800',
    zone: 'jura',
  },
  {
    cle: 'savoie',
    type: 'ODG',
    raisonSociale: 'Syndicat Interprofessionnel du Fromage Abondance',
    siret: '41218957300016',
    ville: 'Thônes',
    codePostal: '74230',
    zone: 'savoie',
  },
  {
    cle: 'auvergne',
    type: 'ODG_REFERENTE',
    raisonSociale: "Association des Fromages AOP d'Auvergne",
    siret: '43279341800033',
    ville: 'Aurillac',
    codePostal: '15000',
    zone: 'auvergne',
  },
  {
    cle: 'bourgogne',
    type: 'ODG',
    raisonSociale: "Syndicat de Défense de l'Époisses",
    siret: null,
    ville: 'Époisses',
    codePostal: '21460',
    zone: 'bourgogne',
  },
  {
    cle: 'aveyron',
    type: 'ODG',
    raisonSociale: 'Confédération Générale de Roquefort',
    siret: '77578012100014',
    ville: 'Roquefort-sur-Soulzon',
    codePostal: '12250',
    zone: 'aveyron',
  },
  {
    cle: 'sud',
    type: 'ODG',
    raisonSociale: "Syndicat du Picodon et des Laits de l'Ouest",
    siret: '38819724400021',
    ville: 'Dieulefit',
    codePostal: '26220',
    zone: 'drome',
  },
];

export const ORGANISMES_CERTIFICATEURS = [
  'Certipaq',
  'Bureau Veritas Certification',
  'Ocacia',
] as const;

export const ACTIVITES = [
  'Production de lait',
  'Collecte',
  'Fabrication',
  'Affinage',
  'Étiquetage et conditionnement',
] as const;
export type ActiviteDemo = (typeof ACTIVITES)[number];

export const CATEGORIES = [
  'Habilitation et localisation',
  'Troupeau',
  'Surfaces et chargement',
  'Alimentation',
  'Traite et lait',
  'Collecte',
  'Fabrication',
  'Affinage',
  'Produit fini',
  'Étiquetage et identification',
  'Documents et déclarations',
] as const;
export type CategorieDemo = (typeof CATEGORIES)[number];

type S = [OperateurSeuil, number] | null;

export interface PointDemo {
  code: string;
  libelle: string;
  reference: string;
  categorie: CategorieDemo;
  source: SourcePoint;
  /** Thresholds grave, majeur, mineur: a match makes the point non-compliant at that severity. */
  seuils?: [S, S, S];
  gravite?: Gravite;
  /** Code of the exploitation-system point that feeds this control point. */
  exploitation?: string;
}

export interface AopDemo {
  libelle: string;
  type: TypeAopIgp;
  odg: string;
  oc: (typeof ORGANISMES_CERTIFICATEURS)[number];
  migre?: boolean;
  graviteColLabel?: string;
  activites: ActiviteDemo[];
  referentiels: string[];
  points: PointDemo[];
  /** Groups of the exploitation system shared by the ODG's labels (the domain's demo groups). */
  groupes: GroupeDemo[];
}
