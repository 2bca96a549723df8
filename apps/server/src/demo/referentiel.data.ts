import type { TypeOrganisme } from '@estive/domain';

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

/* The labels, their points and categories are the domain's demo referential: one source. */
export {
  ACTIVITES_DEMO as ACTIVITES,
  CATEGORIES_DEMO as CATEGORIES,
  ORGANISMES_CERTIFICATEURS_DEMO as ORGANISMES_CERTIFICATEURS,
  type ActiviteDemo,
  type AopDemo,
  type CategorieDemo,
  type PointDemo,
} from '@estive/domain/demo';
