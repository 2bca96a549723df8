import type { ContexteReseau } from './partie';

/**
 * Push of 8 controls with their signed PDFs on the weak link, link cut then restored (issue 29,
 * item 4). Stub of the network bench's skeleton: the push's owner replaces its body.
 */
export async function envoi(_contexte: ContexteReseau): Promise<void> {
  console.log('\nEnvoi de 8 contrôles sur le lien lent : à venir');
}
