export { ReglesMotDePasse } from './ReglesMotDePasse';
export { useConfigOidc } from './ConnexionFederee';
