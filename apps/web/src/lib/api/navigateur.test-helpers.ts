import { vi } from 'vitest';

/**
 * Stands in for what the API client reads of the browser: a sessionStorage kept in a Map and a
 * mocked fetch. Call it before importing the client.
 */
export function simulerNavigateur() {
  const stockage = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => stockage.get(k) ?? null,
    setItem: (k: string, v: string) => stockage.set(k, v),
    removeItem: (k: string) => stockage.delete(k),
  });
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock };
}
