/** What other features use of the controls feature: the deposit form's server autocompletes. */
export { chercherOperateurs, chercherPoints } from './depot-externe/api';
export { Recherche } from './depot-externe/Recherche';
