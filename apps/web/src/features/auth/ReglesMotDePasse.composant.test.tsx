import { PasswordInput } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { rendre } from '../../test/rendu';
import { ReglesMotDePasse } from './ReglesMotDePasse';

function Saisie() {
  const [motDePasse, setMotDePasse] = useState('');
  return (
    <>
      <PasswordInput
        label="Nouveau mot de passe"
        value={motDePasse}
        onChange={(e) => {
          setMotDePasse(e.currentTarget.value);
        }}
      />
      <ReglesMotDePasse motDePasse={motDePasse} />
    </>
  );
}

const respectees = () =>
  within(screen.getByRole('list', { name: 'Règles du mot de passe' }))
    .getAllByRole('listitem')
    .filter((li) => li.dataset.respectee === 'true')
    .map((li) => li.textContent);

describe('ReglesMotDePasse', () => {
  it('ticks each rule as the typed password meets it, and only those', async () => {
    const { utilisateur } = rendre(<Saisie />);
    expect(respectees()).toEqual([]);
    await utilisateur.type(screen.getByLabelText('Nouveau mot de passe'), 'abc');
    expect(respectees()).toEqual(['Une lettre minuscule']);
    await utilisateur.type(screen.getByLabelText('Nouveau mot de passe'), 'DEF-12345678');
    expect(respectees()).toHaveLength(5);
  });
});
