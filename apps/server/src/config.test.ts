import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const SECRET = 'x'.repeat(48);
const production = { NODE_ENV: 'production', DATA_DIR: '/nonexistent/estive' };

describe('production configuration', () => {
  it('refuses to start without JWT_SECRET, naming it', () => {
    expect(() => loadConfig({ ...production, DATABASE_URL: 'postgres://db/estive' })).toThrow(
      /JWT_SECRET est obligatoire/,
    );
  });

  it('refuses to start without DATABASE_URL unless the embedded database is asked for', () => {
    expect(() => loadConfig({ ...production, JWT_SECRET: SECRET })).toThrow(
      /DATABASE_URL est obligatoire/,
    );
    const embedded = loadConfig({ ...production, JWT_SECRET: SECRET, EMBEDDED_DATABASE: 'true' });
    expect(embedded.databaseUrl).toBeUndefined();
    expect(embedded.cookieSecure).toBe(true);
  });

  it('refuses COOKIE_SECURE=false and makes cookies secure by default', () => {
    const base = { ...production, JWT_SECRET: SECRET, DATABASE_URL: 'postgres://db/estive' };
    expect(() => loadConfig({ ...base, COOKIE_SECURE: 'false' })).toThrow(
      /COOKIE_SECURE=false est refusé/,
    );
    expect(loadConfig(base).cookieSecure).toBe(true);
  });

  it('names every problem at once', () => {
    expect(() => loadConfig({ ...production, COOKIE_SECURE: 'false' })).toThrow(
      /JWT_SECRET.*DATABASE_URL.*COOKIE_SECURE/,
    );
  });

  it('keeps a laptop simple: development needs none of them; plain http only when asked', () => {
    const dev = loadConfig({ NODE_ENV: 'development', JWT_SECRET: SECRET });
    expect(dev.databaseUrl).toBeUndefined();
    // Browsers keep a Secure cookie on http://localhost: `npm start` needs no exception.
    expect(dev.cookieSecure).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'development', JWT_SECRET: SECRET, COOKIE_SECURE: 'false' })
        .cookieSecure,
    ).toBe(false);
  });

  it('makes the refresh cookie Secure by default, NODE_ENV unset included (issue 28 item 6)', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET }).cookieSecure).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET, COOKIE_SECURE: 'false' }).cookieSecure,
    ).toBe(false);
  });

  it('trusts X-Forwarded-For only from the proxies named', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).trustProxy).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe(
      '127.0.0.1',
    );
  });

  it('OIDC: off without an issuer; with one, PUBLIC_URL gives the redirect URIs (issue 30)', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).oidc).toBeUndefined();
    const oidc = {
      JWT_SECRET: SECRET,
      OIDC_ISSUER: 'https://fournisseur.example/',
      OIDC_CLIENT_ID: 'estive',
    };
    expect(() => loadConfig(oidc)).toThrow(/PUBLIC_URL est obligatoire avec OIDC_ISSUER/);
    expect(() => loadConfig({ JWT_SECRET: SECRET, OIDC_ISSUER: oidc.OIDC_ISSUER })).toThrow(
      /OIDC_CLIENT_ID est obligatoire/,
    );
    expect(() =>
      loadConfig({ ...oidc, PUBLIC_URL: 'https://estive.example', OIDC_SCOPES: 'email' }),
    ).toThrow(/OIDC_SCOPES doit contenir openid/);
    const c = loadConfig({ ...oidc, PUBLIC_URL: 'https://estive.example/' }).oidc;
    expect(c?.redirectUri).toBe('https://estive.example/api/auth/oidc/callback');
    expect(c?.postLogoutRedirectUri).toBe('https://estive.example/login');
    expect(c?.libelle).toBe('ProConnect');
  });

  it('OIDC: production refuses a provider over plain http', () => {
    expect(() =>
      loadConfig({
        ...production,
        JWT_SECRET: SECRET,
        DATABASE_URL: 'postgres://db/estive',
        PUBLIC_URL: 'https://estive.example',
        OIDC_ISSUER: 'http://fournisseur.example',
        OIDC_CLIENT_ID: 'estive',
      }),
    ).toThrow(/OIDC_ISSUER doit être en https en production/);
  });
});
