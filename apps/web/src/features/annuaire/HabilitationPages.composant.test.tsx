import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import { rendre } from '../../test/rendu';
import { seConnecter } from '../../test/serveur';
import { CreationHabilitationPage } from './HabilitationPages';

const page = (moraleId: string) =>
  rendre(
    <Routes>
      <Route
        path="/recherche/morale/:moraleId/habilitation/creation"
        element={<CreationHabilitationPage />}
      />
      <Route path="*" element={<p>Ailleurs</p>} />
    </Routes>,
    { chemin: `/recherche/morale/${moraleId}/habilitation/creation` },
  );

/** A Select's input by its label (the label also names its list box: the input is the one). */
const champ = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const sousLeChamp = (label: string) => {
  const entree = champ(label);
  return entree.closest<HTMLElement>('.mantine-InputWrapper-root') ?? entree.parentElement!;
};

/** An operator of the active ODG with no habilitation yet, made for this test. */
async function operateurNeuf(): Promise<string> {
  const siret = String(Date.now()).padStart(14, '8').slice(-14);
  const { id } = await api('POST /api/personne-morale', {
    corps: { raisonSociale: `Habilitation composant ${siret}`, siret },
  });
  return id;
}

describe("habilitation creation form, on the real server as the Comté's animateur", () => {
  beforeEach(async () => {
    await seConnecter('animateur@estive.test', { droit: 'Comté' });
  });

  it('an operator that does not exist shows "Opérateur introuvable", not an endless loader', async () => {
    page('999999');
    expect(await screen.findByRole('heading', { name: 'Opérateur introuvable' })).toBeVisible();
    expect(screen.getByRole('link', { name: "Retour à l'annuaire" })).toHaveAttribute(
      'href',
      '/recherche',
    );
  });

  it('asks for a label first, then refuses an empty activity with the spec message', async () => {
    const id = await operateurNeuf();
    const { utilisateur } = page(id);
    await screen.findByText(/^Habilitation composant/);
    expect(champ('Activité')).toBeDisabled();
    await utilisateur.click(screen.getByRole('button', { name: 'Créer' }));
    expect(
      await within(sousLeChamp('AOP-IGP')).findByText('Ce champ est obligatoire'),
    ).toBeInTheDocument();
    expect(within(sousLeChamp('Activité')).getByText('Ce champ est obligatoire')).toBeVisible();
  });
});
