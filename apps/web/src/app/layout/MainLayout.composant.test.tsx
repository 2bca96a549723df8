import { screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { rendre } from '../../test/rendu';
import { PremierEcranAffiche } from '../premierEcran';
import { MainLayout } from './MainLayout';

describe('the top bar on a first visit (issue 29 item 6)', () => {
  it('brings its tools once the page is on screen, not before', async () => {
    let afficher: () => void = () => undefined;
    const Connexion = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((fin) => {
          afficher = () => fin({ default: () => <h1>Connexion à Estive</h1> });
        }),
    );
    rendre(
      <>
        <MainLayout />
        <Suspense fallback={<p>Chargement…</p>}>
          <Connexion />
          <PremierEcranAffiche />
        </Suspense>
      </>,
      { chemin: '/login' },
    );
    expect(await screen.findByText('Chargement…')).toBeInTheDocument();
    // The page's file is still on its way: the bar's tools have not been asked for.
    await new Promise((fin) => setTimeout(fin, 200));
    expect(screen.queryByRole('link', { name: /Mentions légales/ })).toBeNull();

    afficher();
    expect(await screen.findByRole('heading', { name: 'Connexion à Estive' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Mentions légales/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Connexion/ })).toBeInTheDocument();
  });
});
