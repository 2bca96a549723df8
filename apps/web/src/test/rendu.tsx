import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';

/**
 * Renders a component as the app does (theme, French dates, a query client of its own, a router
 * at `chemin`), with a user-event session for typing and clicking as a user would.
 */
export function rendre(
  composant: ReactNode,
  { chemin = '/' }: { chemin?: string } = {},
): RenderResult & { utilisateur: UserEvent } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routeur = createMemoryRouter([{ path: '*', element: composant }], {
    initialEntries: [chemin],
  });
  const utilisateur = userEvent.setup();
  const rendu = render(
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={client}>
          <RouterProvider router={routeur} />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>,
  );
  return { ...rendu, utilisateur };
}
