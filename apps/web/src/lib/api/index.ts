export { ApiError, ErreurReseau, estErreurReseau } from './errors';
export {
  appeler,
  BUILD_ID,
  configurerClient,
  getJson,
  http,
  postForm,
  postJson,
  rafraichirJeton,
  type ContexteClient,
  type OptionsAppel,
} from './client';
export { definirJeton, effacerJeton, jetonCourant, jetonValide } from './token';
export { schemas } from './schemas';
export { toastErreurFormulaire, toastErreurServeur, avecToastErreurServeur } from './toasts';
