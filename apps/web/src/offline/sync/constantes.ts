/** Meta key listing the operators edited on the device and not yet pushed. */
export const CLE_OPERATEURS_MODIFIES = 'operateursModifies';
