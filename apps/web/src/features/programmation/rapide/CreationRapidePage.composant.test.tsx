import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { rendre } from '../../../test/rendu';
import { seConnecter } from '../../../test/serveur';
import CreationRapidePage from './CreationRapidePage';

/**
 * The quick creation screen (issue 32 item 6) with the real server: nothing chosen says what is
 * missing, under each part, and sends nothing (no round appears). The full path — controller,
 * operators, same-hour warning, one request, refusal on the card — is walked in chromium by
 * e2e/specs/bureau-programmation-rapide.spec.ts.
 */
beforeAll(async () => {
  await seConnecter('animateur@estive.test', { droit: 'Comté' });
});

const nombreTournees = async () =>
  (await api('GET /api/tournee', { query: { page: 0, size: 1, statut: ['PREPARATION'] } }))
    .totalElements;

describe('CreationRapidePage', () => {
  it('says the controller and the operators are missing, and sends nothing', async () => {
    const avant = await nombreTournees();
    const { utilisateur } = rendre(<CreationRapidePage />, { chemin: '/tournee/creation-rapide' });
    await utilisateur.click(await screen.findByRole('button', { name: 'Créer la tournée' }));
    const alertes = await screen.findAllByRole('alert');
    expect(alertes.map((a) => a.textContent)).toEqual([
      'Ce champ est obligatoire',
      'Choisissez au moins un opérateur',
    ]);
    expect(await nombreTournees()).toBe(avant);
  });
});
