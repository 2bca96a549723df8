import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { rendre } from '../test/rendu';
import { useModificationsNonEnregistrees } from './useModificationsNonEnregistrees';

function Formulaire() {
  const [nom, setNom] = useState('');
  const { alerte } = useModificationsNonEnregistrees(nom !== '');
  const { pathname } = useLocation();
  return (
    <>
      <p>Page {pathname}</p>
      <TextInput label="Nom" value={nom} onChange={(e) => setNom(e.currentTarget.value)} />
      <Link to="/ailleurs">Ailleurs</Link>
      {alerte}
    </>
  );
}

describe('useModificationsNonEnregistrees', () => {
  it('lets an untouched form go without a question', async () => {
    const { utilisateur } = rendre(<Formulaire />, { chemin: '/formulaire' });
    await utilisateur.click(screen.getByRole('link', { name: 'Ailleurs' }));
    expect(screen.getByText('Page /ailleurs')).toBeInTheDocument();
  });

  it('asks before leaving a half-filled form; "Rester" stays, "Quitter" leaves', async () => {
    const { utilisateur } = rendre(<Formulaire />, { chemin: '/formulaire' });
    await utilisateur.type(screen.getByLabelText('Nom'), 'Fruitière');
    await utilisateur.click(screen.getByRole('link', { name: 'Ailleurs' }));
    const dialogue = await screen.findByRole('dialog', { name: 'Modifications non enregistrées' });
    expect(dialogue).toHaveTextContent('Quitter sans enregistrer ?');
    await utilisateur.click(screen.getByRole('button', { name: 'Rester sur la page' }));
    expect(screen.getByText('Page /formulaire')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom')).toHaveValue('Fruitière');
    await utilisateur.click(screen.getByRole('link', { name: 'Ailleurs' }));
    await utilisateur.click(
      await screen.findByRole('button', { name: 'Quitter sans enregistrer' }),
    );
    expect(await screen.findByText('Page /ailleurs')).toBeInTheDocument();
  });
});
