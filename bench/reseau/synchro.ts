import type { ContexteReseau } from './partie';

/**
 * First sync and sync with nothing new of the demo controller on the weak link (issue 29, items 2
 * and 3). Stub of the network bench's skeleton: the sync's owner replaces its body.
 */
export async function synchro(_contexte: ContexteReseau): Promise<void> {
  console.log('\nSynchronisation sur le lien lent : à venir');
}
