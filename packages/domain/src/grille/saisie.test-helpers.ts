import type { SaisieAop, SeuilsPoint } from './schemas';

/**
 * One label's entry of a point, for the tests: the Comté label, nothing entered and no threshold
 * unless told.
 */
export const entreeAop = (
  saisie: Partial<SaisieAop['saisie']> = {},
  seuil: SeuilsPoint = { grave: null, majeur: null, mineur: null },
): SaisieAop => ({
  aopIgpId: 'aop',
  aopIgpLibelle: 'Comté',
  migre: false,
  exploitationId: null,
  exploitationCode: null,
  hasManquement: false,
  saisie: { observation: null, valeur: null, conformite: null, gravite: null, ...saisie },
  seuil,
});
