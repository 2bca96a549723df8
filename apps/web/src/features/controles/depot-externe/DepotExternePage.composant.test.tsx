import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ajouterJours, jourParis } from '@estive/domain';
import { rendre } from '../../../test/rendu';
import { seConnecter } from '../../../test/serveur';
import DepotExternePage from './DepotExternePage';

/**
 * The external deposit form as the animateur meets it, submitting to the real server (the
 * web-composants harness): the date rules under the field before sending, the server's field
 * messages under their fields after (issue 32 items 4 and 5).
 */
beforeAll(async () => {
  // jsdom has no FontFaceSet: Mantine's autosize textarea (the observation) listens to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  await seConnecter('animateur@estive.test');
});

async function ouvrir() {
  const rendu = rendre(<DepotExternePage />, { chemin: '/tournee/externe' });
  await screen.findByRole('heading', { name: 'Dépôt contrôle externe' }, { timeout: 20_000 });
  const ligne = screen.getByTestId('controle-0');
  return { ...rendu, ligne, date: within(ligne).getByLabelText('Date') };
}

/** The message shown under a field (Mantine links it by aria-describedby). */
const messageSous = (champ: HTMLElement) => {
  const ids = (champ.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('Dépôt contrôle externe', () => {
  it('says under the date that a control cannot be in the future nor before 2000', async () => {
    const { utilisateur, date } = await ouvrir();
    const valider = screen.getByRole('button', { name: 'Valider' });
    // Two days ahead, never a Sunday (that rule would answer first).
    let futur = ajouterJours(jourParis(new Date()), 2);
    if (new Date(`${futur}T12:00:00Z`).getUTCDay() === 0) futur = ajouterJours(futur, 1);
    await utilisateur.type(date, futur);
    await utilisateur.click(valider);
    await waitFor(() => expect(messageSous(date)).toBe('La date ne peut pas être dans le futur'));
    await utilisateur.clear(date);
    await utilisateur.type(date, '1999-12-29');
    await utilisateur.click(valider);
    await waitFor(() =>
      expect(messageSous(date)).toBe('La date doit être postérieure au 01/01/2000'),
    );
    // Read back in French once left (ui/ChampDate; its calendar is bounded the same way).
    expect(date).toHaveValue('29/12/1999');
  });

  it('puts the server’s French messages under their fields when the row is empty', async () => {
    const { utilisateur, ligne, date } = await ouvrir();
    await utilisateur.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(messageSous(date)).toBe('Ce champ est obligatoire'), {
      timeout: 20_000,
    });
    for (const nom of ['AOP-IGP', 'Niveau', 'Résultat']) {
      const champ = within(ligne).getByLabelText(nom);
      expect(messageSous(champ), nom).toBe('Ce champ est obligatoire');
    }
    // Nothing was created: the page stays, its button ready for a corrected deposit.
    expect(screen.getByRole('button', { name: 'Valider' })).toBeEnabled();
  });
});
