import type { ControleLocal, OperateurLocal } from '../../../offline/db';

/** What the entry form reads of a control and of its operator: the device records themselves. */
export type ControleSaisi = ControleLocal;
export type OperateurSaisi = OperateurLocal;
export type FichierControle = ControleLocal['fichiers'][number];
export type ManquementPrecedent = ControleLocal['dernierManquements'][number];
export type AopControle = ControleLocal['aopIgp'];
export type SiteOperateur = OperateurLocal['sites'][number];
export type ContactOperateur = OperateurLocal['contacts'][number];

/** The editable contact details of step 1, saved through the operator-modification queue. */
export interface Coordonnees {
  telephone1: string;
  telephone2: string;
  mail: string;
  siteWeb: string;
}
