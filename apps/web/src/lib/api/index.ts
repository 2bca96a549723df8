export { ApiError, ErreurReseau, estErreurReseau } from './errors';
export {
  appeler,
  BUILD_ID,
  configurerClient,
  envoyerJson,
  http,
  rafraichirJeton,
  type ContexteClient,
  type Methode,
  type OptionsAppel,
  type TransportJson,
} from './client';
export {
  api,
  apiDe,
  cheminDe,
  creerApi,
  lirePage,
  ReponseInattendue,
  transportDe,
  type OptionsApi,
  type Page,
  type Transport,
  type ValeurQuery,
} from './api';
export { definirJeton, effacerJeton, jetonCourant, jetonValide } from './token';
export { schemas } from './schemas';
export { toastErreurFormulaire, toastErreurServeur, avecToastErreurServeur } from './toasts';
export { ouvrirFichier, telecharger } from './fichiers';
