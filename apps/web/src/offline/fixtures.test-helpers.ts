import type {
  CategorieLocale,
  ControleLocal,
  GroupeSysExpLocal,
  OperateurLocal,
  PointControleAopLocal,
  PointControleLocal,
  PointSysExpLocal,
} from './db';

/**
 * Device records for tests, complete as the pull feeds deliver them: a test names the fields it
 * is about, the rest take plain values of the contract's types.
 */

export const aopIgpLocal = (id: string, libelle: string): ControleLocal['aopIgp'] => ({
  id,
  libelle,
  type: 'AOP',
  migre: false,
  graviteColLabel: 'Gravité',
});

type Avec<T, Requis extends keyof T> = Pick<T, Requis> & Partial<T>;

export const controleLocal = (c: Avec<ControleLocal, 'id'>): ControleLocal => ({
  version: 1,
  numeroRapport: '1',
  date: '2026-11-24T07:30:00Z',
  tourneeId: 't1',
  personneMoraleId: 'op1',
  aopIgp: aopIgpLocal('comte', 'Comté'),
  sites: [],
  niveau: 'SUP_TERRAIN',
  nature: 'INTERNE',
  statut: 'PROGRAMME',
  resultat: null,
  activiteAopIgpIds: [],
  fichiers: [],
  grille: null,
  synthese: null,
  etapeSaisie: 1,
  odgRef: {
    id: 'odg1',
    raisonSociale: 'ODG Comté',
    siret: null,
    adresse: null,
    codePostal: null,
    ville: null,
    telephone: null,
    mail: null,
    logoId: null,
  },
  organisme: null,
  referentiels: [],
  dernierManquements: [],
  raisonAbandon: null,
  conflit: false,
  sync: true,
  ...c,
});

export const operateurLocal = (
  o: Avec<OperateurLocal, 'id' | 'siret' | 'raisonSociale'>,
): OperateurLocal => ({
  version: 1,
  type: null,
  ede: null,
  pac: null,
  nom: null,
  adresse1: null,
  adresse2: null,
  adresse3: null,
  adresse4: null,
  codePostal: null,
  ville: null,
  latitude: null,
  longitude: null,
  telephone1: null,
  telephone2: null,
  mail: null,
  siteWeb: null,
  isHabilite: true,
  habilitations: [],
  sites: [],
  contacts: [],
  fichiers: [],
  sync: true,
  ...o,
});

export const categorieLocale = (c: Avec<CategorieLocale, 'id' | 'libelle'>): CategorieLocale => ({
  version: 1,
  ordre: 1,
  ...c,
});

export const pointControleLocal = (
  p: Avec<PointControleLocal, 'id' | 'code' | 'libelle' | 'categorieId'>,
): PointControleLocal => ({
  version: 1,
  reference: null,
  source: 'CONSTAT',
  ordre: 1,
  archive: false,
  ...p,
});

export const pointControleAopLocal = (
  l: Avec<PointControleAopLocal, 'id' | 'pointControleId' | 'aopIgpId'>,
): PointControleAopLocal => ({
  version: 1,
  pointSystemeExploitationId: null,
  cible: null,
  habilitation: false,
  gravite: null,
  seuil: { grave: null, majeur: null, mineur: null },
  varStat: null,
  ...l,
});

export const groupeSysExpLocal = (
  g: Avec<GroupeSysExpLocal, 'id' | 'libelle' | 'aopIgpIds'>,
): GroupeSysExpLocal => ({
  version: 1,
  ordre: 1,
  personneMoraleId: 'odg1',
  archive: false,
  ...g,
});

export const pointSysExpLocal = (
  p: Avec<PointSysExpLocal, 'id' | 'code' | 'libelle' | 'groupeSystemeExploitationId'>,
): PointSysExpLocal => ({
  version: 1,
  ordre: 1,
  formule: null,
  unite: null,
  dec: 0,
  stat: false,
  archive: false,
  ...p,
});
