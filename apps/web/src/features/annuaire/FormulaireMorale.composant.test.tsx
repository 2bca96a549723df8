import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import { rendre } from '../../test/rendu';
import { seConnecter } from '../../test/serveur';
import { CreationMoralePage } from './MoralePages';

/** A SIRET no seeded operator has: 14 digits from the clock. */
const siretNeuf = () => String(Date.now()).padStart(14, '9').slice(-14);

const sousLeChamp = (label: RegExp) => {
  const champ = screen.getByLabelText(label);
  return champ.closest<HTMLElement>('.mantine-InputWrapper-root') ?? champ.parentElement!;
};

describe("operator creation form, submitted to the real server as the Comté's animateur", () => {
  beforeEach(async () => {
    await seConnecter('animateur@estive.test', { droit: 'Comté' });
  });

  it('an empty form gets the spec messages under the name and the SIRET', async () => {
    const { utilisateur } = rendre(<CreationMoralePage />, {
      chemin: '/recherche/morale/creation',
    });
    await utilisateur.click(screen.getByRole('button', { name: 'Créer' }));
    expect(
      await within(sousLeChamp(/Raison sociale/)).findByText('Ce champ est obligatoire'),
    ).toBeInTheDocument();
    expect(
      within(sousLeChamp(/Siret/)).getByText('Le numéro de siret doit comporter 14 chiffres'),
    ).toBeInTheDocument();
  });

  it('a name of 201 characters says it is too long, in French, and nothing is created', async () => {
    const siret = siretNeuf();
    const { utilisateur } = rendre(<CreationMoralePage />, {
      chemin: '/recherche/morale/creation',
    });
    await utilisateur.click(screen.getByLabelText(/Raison sociale/));
    await utilisateur.paste('R'.repeat(201));
    await utilisateur.type(screen.getByLabelText(/Siret/), siret);
    await utilisateur.type(screen.getByLabelText('Code postal'), '3980');
    await utilisateur.click(screen.getByRole('button', { name: 'Créer' }));
    expect(
      await within(sousLeChamp(/Raison sociale/)).findByText('200 caractères au plus'),
    ).toBeInTheDocument();
    expect(
      within(sousLeChamp(/Code postal/)).getByText('Utilisez un code postal valide'),
    ).toBeInTheDocument();
    const existants = await api('GET /api/personne-morale/recherche/existant', {
      query: { siret },
    });
    expect(existants.operateurs).toHaveLength(0);
  });

  it('a valid operator is created on the server', async () => {
    const siret = siretNeuf();
    const nom = `Fruitière composant ${siret}`;
    const { utilisateur } = rendre(<CreationMoralePage />, {
      chemin: '/recherche/morale/creation',
    });
    await utilisateur.type(screen.getByLabelText(/Raison sociale/), nom);
    await utilisateur.type(screen.getByLabelText(/Siret/), siret);
    await utilisateur.type(screen.getByLabelText('Code postal'), '39800');
    await utilisateur.click(screen.getByRole('button', { name: 'Créer' }));
    await expect
      .poll(async () =>
        (
          await api('GET /api/personne-morale/recherche/existant', { query: { siret } })
        ).operateurs.map((o) => o.operateur?.raisonSociale),
      )
      .toEqual([nom]);
  });

  it('a SIRET that exists opens the "Opérateur existant" prompt instead of creating', async () => {
    const [existant] = (await api('GET /api/personne-morale', { query: { size: 1 } })).content;
    const { utilisateur } = rendre(<CreationMoralePage />, {
      chemin: '/recherche/morale/creation',
    });
    await utilisateur.type(screen.getByLabelText(/Raison sociale/), 'Doublon');
    await utilisateur.type(screen.getByLabelText(/Siret/), existant!.siret);
    await utilisateur.click(screen.getByRole('button', { name: 'Créer' }));
    const dialogue = await screen.findByRole('dialog', { name: 'Opérateur existant' });
    expect(dialogue).toHaveTextContent(existant!.raisonSociale);
    expect(within(dialogue).getByRole('button', { name: 'Ouvrir la fiche' })).toBeEnabled();
  });
});
