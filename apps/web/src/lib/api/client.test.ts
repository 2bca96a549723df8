import { beforeEach, describe, expect, it, vi } from 'vitest';
import { simulerNavigateur } from './navigateur.test-helpers';

const { fetchMock } = simulerNavigateur();

const { configurerClient, envoyerJson } = await import('./client');
const getJson = (chemin: string) => envoyerJson('GET', chemin);
const { ApiError, ErreurReseau } = await import('./errors');
const { definirJeton, jetonCourant } = await import('./token');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const joignabilite: boolean[] = [];
const surSessionExpiree = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  surSessionExpiree.mockReset();
  joignabilite.length = 0;
  definirJeton('jeton-1', 600);
  configurerClient({
    droitActif: () => '42',
    surSessionExpiree,
    surJoignabilite: (j) => joignabilite.push(j),
  });
});

describe('API client', () => {
  it('sends the bearer, the active right and the app version', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: 1 }));
    expect(await getJson('/api/principal')).toEqual({ ok: 1 });
    const headers = new Headers(fetchMock.mock.calls[0]![1]!.headers);
    expect(headers.get('authorization')).toBe('Bearer jeton-1');
    expect(headers.get('x-droit-actif')).toBe('42');
    expect(headers.get('x-app-version')).toBeTruthy();
    expect(joignabilite).toEqual([true]);
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'Jeton expiré' }))
      .mockResolvedValueOnce(json(200, { accessToken: 'jeton-2', expiresIn: 600 }))
      .mockResolvedValueOnce(json(200, { ok: 2 }));
    expect(await getJson('/api/principal')).toEqual({ ok: 2 });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/refresh');
    expect(new Headers(fetchMock.mock.calls[2]![1]!.headers).get('authorization')).toBe(
      'Bearer jeton-2',
    );
    expect(jetonCourant()).toBe('jeton-2');
  });

  it('a refused refresh ends the session', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'Jeton expiré' }))
      .mockResolvedValueOnce(json(401, { message: 'Session expirée' }));
    await expect(getJson('/api/principal')).rejects.toBeInstanceOf(ApiError);
    expect(surSessionExpiree).toHaveBeenCalledOnce();
    expect(jetonCourant()).toBeNull();
  });

  it('a network error marks the server unreachable; an error body is kept', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(getJson('/api/panier')).rejects.toBeInstanceOf(ErreurReseau);
    expect(joignabilite).toEqual([false]);
    fetchMock.mockResolvedValueOnce(
      json(400, { message: 'Invalide', code: 'VALIDATION', globalErrors: ['g'], fieldErrors: [] }),
    );
    const erreur = await getJson('/api/panier').catch((e: unknown) => e);
    expect(erreur).toBeInstanceOf(ApiError);
    expect((erreur as InstanceType<typeof ApiError>).corps?.globalErrors).toEqual(['g']);
    expect(joignabilite).toEqual([false, true]);
  });
});
