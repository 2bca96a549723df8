/**
 * The real server of the component tests (started by `serveur-reel.global-setup.ts`): signing in
 * the way the client does, so that a form's submit reaches the server's rules, roles and perimeter.
 */
import type { Principal } from '@estive/contracts';
import { api, appeler, configurerClient, definirJeton, effacerJeton, schemas } from '../lib/api';
import { droitActif, session } from '../offline/session/session';

/** The demo accounts (README); password `estive` for all. */
export type CompteDemo =
  | 'cnaol@estive.test'
  | 'animateur@estive.test'
  | 'controleur@estive.test'
  | 'controleur2@estive.test'
  | 'controleur.auvergne@estive.test';

/**
 * Signs in as `compte` (POST /api/auth/login, then GET /api/principal, as `connecter` does, without
 * the device's stored authority) and makes `droit` the active right: the first right whose body's
 * name contains it (e.g. 'Auvergne'), else the account's first right. Answers the principal.
 */
export async function seConnecter(
  compte: CompteDemo,
  { droit }: { droit?: string } = {},
): Promise<Principal> {
  effacerJeton();
  const reponse = await appeler('/api/auth/login', {
    method: 'POST',
    authentifie: false,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: compte, password: 'estive' }),
  });
  const { tokenResponseSchema } = await schemas();
  const { accessToken, expiresIn } = tokenResponseSchema.parse(await reponse.json());
  definirJeton(accessToken, expiresIn);
  const principal = await api('GET /api/principal');
  const choisi = droit
    ? principal.droits.find((d) => d.raisonSociale.includes(droit))
    : principal.droits[0];
  if (droit && !choisi) throw new Error(`${compte} n'a pas de droit sur « ${droit} »`);
  session.set(() => ({
    pret: true,
    principal,
    source: 'serveur',
    droitActifId: choisi?.id ?? null,
  }));
  configurerClient({ droitActif: () => droitActif()?.id ?? null });
  return principal;
}
