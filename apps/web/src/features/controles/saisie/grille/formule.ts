/**
 * Exploitation formulas are the domain's parser and evaluator (`@estive/domain` src/formule):
 * the same rules run here offline and on the server.
 */
export {
  analyserFormule,
  arrondir,
  calculerFormule,
  formaterResultat,
  lireValeurExploitation,
  type ErreurFormule,
  type ResultatFormule,
} from '@estive/domain';
