import type { FastifyInstance } from 'fastify';

/** The Estive address registered at the test provider; requests to it go to `app.inject`. */
export const PUBLIC_URL = 'http://estive.test';

/**
 * A browser as far as the provider sees one: follows redirects by hand and keeps the provider's
 * cookies (its session, its interaction), sent back on every request to it.
 */
export class Navigateur {
  readonly cookies = new Map<string, string>();

  async aller(url: string, init: RequestInit = {}): Promise<Response> {
    const entetes = new Headers(init.headers);
    if (this.cookies.size > 0) {
      entetes.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const r = await fetch(url, { ...init, headers: entetes, redirect: 'manual' });
    for (const c of r.headers.getSetCookie()) {
      const [paire = ''] = c.split(';');
      const i = paire.indexOf('=');
      const nom = paire.slice(0, i);
      const valeur = paire.slice(i + 1);
      // An expired cookie is the provider forgetting it (its session ended).
      if (valeur === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(nom);
      else this.cookies.set(nom, valeur);
    }
    return r;
  }

  /**
   * Follows the provider's redirects from `depart` until one leads back to Estive, signing in as
   * `identifiant` on the provider's form if it asks. `aDemandeConnexion`: whether it did.
   */
  async jusquARetour(
    depart: string,
    identifiant: string,
  ): Promise<{ retour: URL; aDemandeConnexion: boolean }> {
    let courant = new URL(depart);
    let aDemandeConnexion = false;
    for (let i = 0; i < 12; i++) {
      if (courant.origin === PUBLIC_URL) return { retour: courant, aDemandeConnexion };
      let r = await this.aller(courant.href);
      if (r.status === 200 && courant.pathname.startsWith('/interaction/')) {
        aDemandeConnexion = true;
        r = await this.aller(courant.href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ login: identifiant }).toString(),
        });
      }
      const location = r.headers.get('location');
      if (r.status < 300 || r.status >= 400 || !location) {
        throw new Error(`fournisseur : ${String(r.status)} ${await r.text()}`);
      }
      courant = new URL(location, courant);
    }
    throw new Error('trop de redirections');
  }

  /** The provider's logout page, confirmed: where it sends the browser afterwards. */
  async confirmerDeconnexion(url: string): Promise<URL> {
    const page = await this.aller(url);
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !xsrf) throw new Error(`page de déconnexion inattendue : ${html}`);
    const r = await this.aller(new URL(action, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    return new URL(r.headers.get('location') ?? '', url);
  }
}

export interface Parcours {
  /** Estive's answer to the callback. */
  statut: number;
  location: string;
  refresh: string | undefined;
  /** To replay it: the callback URL and the transaction cookie it came with. */
  callback: string;
  transaction: string;
}

/**
 * One federated sign-in, from the button to Estive's callback. `alterer` changes the
 * authorization request, `falsifier` the callback URL (an attacker's hand on either).
 */
export async function connexionFederee(
  app: FastifyInstance,
  navigateur: Navigateur,
  identifiant: string,
  options: { alterer?: (u: URL) => void; falsifier?: (u: URL) => void } = {},
): Promise<Parcours & { aDemandeConnexion: boolean }> {
  const debut = await app.inject({ method: 'GET', url: '/api/auth/oidc/connexion' });
  if (debut.statusCode !== 302) throw new Error(`début : ${String(debut.statusCode)}`);
  const transaction = debut.cookies.find((c) => c.name === 'estive_oidc')?.value ?? '';
  const autorisation = new URL(String(debut.headers.location));
  options.alterer?.(autorisation);
  const { retour, aDemandeConnexion } = await navigateur.jusquARetour(
    autorisation.href,
    identifiant,
  );
  options.falsifier?.(retour);
  const callback = `${retour.pathname}${retour.search}`;
  return { ...(await rappeler(app, callback, transaction)), aDemandeConnexion };
}

export async function rappeler(
  app: FastifyInstance,
  callback: string,
  transaction: string,
): Promise<Parcours> {
  const r = await app.inject({
    method: 'GET',
    url: callback,
    cookies: { estive_oidc: transaction },
  });
  return {
    statut: r.statusCode,
    location: String(r.headers.location),
    refresh: r.cookies.find((c) => c.name === 'estive_refresh')?.value,
    callback,
    transaction,
  };
}
