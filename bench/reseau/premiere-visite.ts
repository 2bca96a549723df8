import type { ContexteReseau } from './partie';

/** First visit on the weak link: sign-in screen, then the precache's bytes on the wire. */
export async function premiereVisite(_contexte: ContexteReseau): Promise<void> {
  console.log('\nPremière visite sur le lien lent : à venir');
}
