// What other features use of synchronisation (they reach it only through this file).
export { BoutonSynchro } from './BoutonSynchro';
export { confirmerDeconnexion } from './dialogues';
