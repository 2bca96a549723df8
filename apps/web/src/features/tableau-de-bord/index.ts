/** The dashboards' way in for other features: the address of the external controls. */
export const CHEMIN_CONTROLES_EXTERNES = '/tdb?onglet=controles&nature=EXTERNE';
