import { describe, expect, it } from 'vitest';
import { api, ApiError } from '../lib/api';
import { seConnecter } from './serveur';

describe('the real server of the component tests', () => {
  it('signs in as the client does and reads with the chosen right', async () => {
    const principal = await seConnecter('animateur@estive.test', { droit: 'Auvergne' });
    expect(principal.login).toBe('animateur@estive.test');
    const page = await api('GET /api/aop-igp');
    expect(page.length).toBeGreaterThan(0);
  });

  it('answers a wrong password with the server refusal', async () => {
    const { appeler } = await import('../lib/api');
    const erreur = await appeler('/api/auth/login', {
      method: 'POST',
      authentifie: false,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'animateur@estive.test', password: 'faux' }),
    }).catch((e: unknown) => e);
    expect(erreur).toBeInstanceOf(ApiError);
    expect((erreur as ApiError).status).toBe(401);
  });
});
