import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import { rendre } from '../../test/rendu';
import { seConnecter } from '../../test/serveur';
import { OperateurExistant, type Existants } from './OperateurExistant';

/** A SIRET the animateur's Auvergne right sees and its Comté right does not, as Comté's check answers it. */
async function siretAilleurs(): Promise<{ siret: string; existants: Existants }> {
  await seConnecter('animateur@estive.test', { droit: 'Auvergne' });
  const { content } = await api('GET /api/personne-morale', {
    query: { size: 50, isHabilite: 'true' },
  });
  await seConnecter('animateur@estive.test', { droit: 'Comté' });
  for (const o of content) {
    const existants = await api('GET /api/personne-morale/recherche/existant', {
      query: { siret: o.siret },
    });
    if (existants.operateurs[0]?.operateur === null) return { siret: o.siret, existants };
  }
  throw new Error('aucun opérateur hors du périmètre du Comté');
}

const sousLeChamp = (label: string) => {
  const entree = screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
  return entree.closest<HTMLElement>('.mantine-InputWrapper-root') ?? entree.parentElement!;
};

describe('the duplicate prompt of an operator held by another ODG, on the real server', () => {
  it('names the holder, offers CNAOL and the habilitation, never the fiche; an empty habilitation says what is missing', async () => {
    const { siret, existants } = await siretAilleurs();
    const ouvertes: string[] = [];
    const { utilisateur } = rendre(
      <OperateurExistant
        siret={siret}
        existants={existants}
        surFermer={() => undefined}
        surOuvrir={(id) => ouvertes.push(id)}
      />,
    );
    const dialogue = await screen.findByRole('dialog', { name: 'Opérateur existant' });
    expect(within(dialogue).getByText(/hors de votre périmètre/)).toBeVisible();
    expect(within(dialogue).getByRole('listitem')).toHaveTextContent(/\(.+\)/);
    expect(within(dialogue).queryByRole('button', { name: 'Ouvrir la fiche' })).toBeNull();
    expect(within(dialogue).getByRole('link', { name: 'Écrire au CNAOL' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:cnaol@estive\.test\?subject=/),
    );

    await utilisateur.click(
      within(dialogue).getByRole('button', { name: 'Habiliter sur mon AOP-IGP' }),
    );
    await utilisateur.click(await screen.findByRole('button', { name: 'Habiliter' }));
    expect(
      await within(sousLeChamp('AOP-IGP')).findByText('Ce champ est obligatoire'),
    ).toBeVisible();
    expect(within(sousLeChamp('Activités')).getByText('Ce champ est obligatoire')).toBeVisible();
    expect(
      within(sousLeChamp('Date de DI')).getByText('Utilisez une date valide (jj/mm/aaaa)'),
    ).toBeVisible();
    expect(ouvertes).toEqual([]);
  });
});
