import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { controleLocal } from '../fixtures.test-helpers';

vi.mock('@mantine/modals', () => ({ modals: { openConfirmModal: vi.fn() } }));
const reload = vi.fn();
vi.stubGlobal('location', { reload });

const { db } = await import('../db');
const { ecrireMeta, lireMeta, META } = await import('../sync/meta');
const { accepterUtilisateur } = await import('./changementCompte');

describe('accepterUtilisateur', () => {
  beforeEach(async () => {
    reload.mockClear();
    if (!db.isOpen()) await db.open();
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it('stores the first user of the device without asking', async () => {
    const confirmer = vi.fn();
    expect(await accepterUtilisateur('u1', vi.fn(), confirmer)).toBe(true);
    expect(confirmer).not.toHaveBeenCalled();
    expect(await lireMeta(db, META.utilisateur)).toBe('u1');
  });

  it('another user after a sync: OK wipes the local database and reloads', async () => {
    await ecrireMeta(db, META.utilisateur, 'u1');
    await ecrireMeta(db, META.derniereSynchro, '2026-11-20T10:00:00Z');
    await db.controles.put(controleLocal({ id: '1', statut: 'EN_COURS', sync: false }));
    const deconnecter = vi.fn();
    expect(await accepterUtilisateur('u2', deconnecter, () => Promise.resolve(true))).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    expect(deconnecter).not.toHaveBeenCalled();
    await db.open();
    expect(await db.controles.count()).toBe(0);
  });

  it('another user after a sync: Annuler logs out and keeps the data', async () => {
    await ecrireMeta(db, META.utilisateur, 'u1');
    await ecrireMeta(db, META.derniereSynchro, '2026-11-20T10:00:00Z');
    const deconnecter = vi.fn(() => Promise.resolve());
    expect(await accepterUtilisateur('u2', deconnecter, () => Promise.resolve(false))).toBe(false);
    expect(deconnecter).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    expect(await lireMeta(db, META.utilisateur)).toBe('u1');
  });
});
