import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rendre } from '../../test/rendu';
import { LoginPage } from './LoginPage';

const identifiant = () => screen.getByLabelText(/Identifiant/);
const motDePasse = () => screen.getByLabelText(/Mot de passe/);
const seConnecter = () => screen.getByRole('button', { name: 'Se connecter' });

/**
 * The sign-in form checks with the domain's validators (no zod, no form library: it is part of the
 * shell): the same messages as before, on submit then at each keystroke, and the server's refusal.
 */
describe('LoginPage', () => {
  it('names both missing fields on submit and puts the focus on the first', async () => {
    const { utilisateur } = rendre(<LoginPage />, { chemin: '/login' });
    await utilisateur.click(seConnecter());
    expect(await screen.findAllByText('Ce champ est obligatoire')).toHaveLength(2);
    expect(identifiant()).toHaveFocus();
    expect(identifiant()).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses an identifier that is not an email, then clears the message once it is', async () => {
    const { utilisateur } = rendre(<LoginPage />, { chemin: '/login' });
    await utilisateur.type(identifiant(), 'controleur');
    await utilisateur.type(motDePasse(), 'estive');
    // Not checked before the first submit: typing is not interrupted.
    expect(screen.queryByText('Utilisez un email valide')).toBeNull();
    await utilisateur.click(seConnecter());
    expect(await screen.findByText('Utilisez un email valide')).toBeVisible();
    expect(identifiant()).toHaveFocus();
    // After a submit, each keystroke checks again.
    await utilisateur.type(identifiant(), '@estive.test');
    expect(screen.queryByText('Utilisez un email valide')).toBeNull();
    await utilisateur.clear(motDePasse());
    expect(await screen.findByText('Ce champ est obligatoire')).toBeVisible();
  });

  it('shows the real server refusing a wrong password, the identifier trimmed', async () => {
    const { utilisateur } = rendre(<LoginPage />, { chemin: '/login' });
    await utilisateur.type(identifiant(), '  controleur@estive.test ');
    await utilisateur.type(motDePasse(), 'pas-le-bon');
    await utilisateur.click(seConnecter());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Identifiant ou mot de passe incorrect',
    );
    expect(screen.queryByText('Utilisez un email valide')).toBeNull();
  });

  it('shows the message of a refused federated sign-in named by the callback', async () => {
    rendre(<LoginPage />, { chemin: '/login?oidc=compte-desactive' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Votre compte Estive est désactivé. Demandez à la CNAOL de le réactiver.',
    );
  });
});
