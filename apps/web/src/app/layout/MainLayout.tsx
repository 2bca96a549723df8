import { AppShell, Box, Group, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../offline/session/session';
import { BarreOnglets, OngletsEntete } from './Onglets';
import { Logo } from './Logo';
import { useTelephone } from './telephone';
import { differe } from '../../lib/import-differe';
import { usePremierEcran } from '../premierEcran';

// The header's tools (menus, tooltips, the perimeter's select: floating-ui and Mantine's combobox)
// arrive once the first page is on screen, out of the shell (issue 17 item 6, issue 29 item 6).
const OutilsEntete = differe(() =>
  import('./OutilsEntete').then((m) => ({ default: m.OutilsEntete })),
);
const Perimetre = differe(() => import('./Perimetre').then((m) => ({ default: m.Perimetre })));

/**
 * Spec part 1 §2 'Main layout': top bar (logo, perimeter, tools, then the tabs) and the page.
 * Below 768 px the tabs move to a bottom bar, within reach of the thumbs.
 * `synchro` is the slot of the sync button, filled by the app.
 */
export function MainLayout({ synchro }: { synchro?: ReactNode }) {
  const { principal } = useSession();
  const theme = useMantineTheme();
  const large = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true);
  // On a phone every pixel of the top bar counts (a 360 px screen holds its actions).
  const telephone = useTelephone();
  // After the page: on a weak link the page comes first (premierEcran.tsx).
  const outils = usePremierEcran();
  return (
    <AppShell
      // The tabs take a second row of the top bar: with the perimeter, the sync button and the
      // tools, one row of a tablet cannot hold them.
      header={{ height: principal ? { base: 64, sm: 112 } : 64 }}
      footer={{ height: 64, collapsed: !principal || large }}
      padding="md"
    >
      <AppShell.Header px="sm">
        <Group h={64} justify="space-between" wrap="nowrap" gap="sm">
          <Logo />
          <Group gap={telephone ? 4 : 6} wrap="nowrap">
            {outils && (
              <Suspense fallback={null}>
                <Perimetre />
                <OutilsEntete synchro={synchro} />
              </Suspense>
            )}
          </Group>
        </Group>
        <Box visibleFrom="sm" pb={4}>
          <OngletsEntete />
        </Box>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer hiddenFrom="sm">
        <BarreOnglets />
      </AppShell.Footer>
    </AppShell>
  );
}
