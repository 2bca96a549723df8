import { AppShell, Group, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../features/auth/session';
import { BarreOnglets, OngletsEntete } from './Onglets';
import { Logo } from './Logo';
import { OutilsEntete } from './OutilsEntete';
import { Perimetre } from './Perimetre';

/**
 * Spec part 1 §2 'Main layout': top bar (logo, tabs, perimeter, tools) and the page. Below 768 px
 * the tabs move to a bottom bar, within reach of the thumbs on a tablet held in portrait.
 * `synchro` is the slot of the sync button, filled by the app.
 */
export function MainLayout({ synchro }: { synchro?: ReactNode }) {
  const { principal } = useSession();
  const theme = useMantineTheme();
  const etroit = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false);
  return (
    <AppShell
      header={{ height: 64 }}
      footer={{ height: 64, collapsed: !principal || !etroit }}
      padding="md"
    >
      <AppShell.Header px="sm">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="md" wrap="nowrap">
            <Logo />
            <OngletsEntete />
          </Group>
          <Group gap={6} wrap="nowrap">
            <Perimetre />
            <OutilsEntete synchro={synchro} />
          </Group>
        </Group>
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
