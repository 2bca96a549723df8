import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Tournee } from '@estive/contracts';
import { simulerNavigateur } from './navigateur.test-helpers';

const { fetchMock } = simulerNavigateur();

const { api, ReponseInattendue } = await import('./api');
const { definirJeton } = await import('./token');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const groupe = { id: '7', libelle: 'Coopératives', nbMembres: 3 };

beforeEach(() => {
  fetchMock.mockReset();
  definirJeton('jeton-1', 600);
});

describe('typed API client', () => {
  it('builds the path from the key, and answers the parsed body with its contract type', async () => {
    fetchMock.mockResolvedValueOnce(json(200, groupe));
    const reponse = await api('GET /api/groupe/{id}', { params: { id: '7' } });
    expect(reponse).toEqual(groupe);
    expectTypeOf(reponse).toEqualTypeOf<{ id: string; libelle: string; nbMembres: number }>();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/groupe/7');
  });

  it('sends the query and the JSON body, and types a 204 as null', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const reponse = await api('POST /api/groupe/{id}/membre', {
      params: { id: 7 },
      corps: { personneMoraleId: 12 },
      query: { force: true, vide: null, ids: ['1', '2'] },
    });
    expect(reponse).toBeNull();
    const [chemin, init] = fetchMock.mock.calls[0]!;
    expect(chemin).toBe('/api/groupe/7/membre?force=true&ids=1&ids=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"personneMoraleId":12}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('refuses an answer that does not match its contract, in French, and logs it', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { ...groupe, nbMembres: 'trois' }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    const erreur = await api('GET /api/groupe/{id}', { params: { id: '7' } }).catch(
      (e: unknown) => e,
    );
    expect(erreur).toBeInstanceOf(ReponseInattendue);
    expect((erreur as Error).message).toMatch(
      /^Réponse inattendue du serveur \(GET \/api\/groupe\/7 : nbMembres : /,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [chemin, init] = fetchMock.mock.calls[1]!;
    expect(chemin).toBe('/api/log');
    expect(JSON.parse(init?.body as string)).toMatchObject({ context: 'reponse-inattendue' });
  });

  it('a call without parameters needs no options; a page is typed by its lines', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { content: [groupe], totalElements: 1, totalPages: 1, number: 0, size: 10 }),
    );
    const page = await api('GET /api/groupe');
    expectTypeOf(page.content[0]!.nbMembres).toEqualTypeOf<number>();
    expect(page.totalElements).toBe(1);
  });

  it('keys and options are checked by the compiler', () => {
    // Only type assertions: these calls are never made.
    const jamais = false as boolean;
    if (jamais) {
      // @ts-expect-error -- a call the map does not list
      void api('GET /api/inconnu');
      // @ts-expect-error -- the path parameter is missing
      void api('GET /api/tournee/{id}');
      // @ts-expect-error -- the body is not the contract's
      void api('POST /api/panier', { corps: { personneMoraleIds: 'un' } });
      expectTypeOf(
        api('GET /api/tournee/{id}', { params: { id: 1 } }),
      ).resolves.toEqualTypeOf<Tournee>();
    }
  });
});
