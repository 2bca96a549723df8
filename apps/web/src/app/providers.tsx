// Mantine's styles of the shell only; the rest comes with what is loaded on demand (ui/styles/).
import '../ui/styles/mantine-premier-ecran.css';
import 'dayjs/locale/fr';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Suspense, type ReactNode } from 'react';
import { theme } from './theme';
import './global.css';
import { differe } from '../lib/import-differe';
import { usePremierEcran } from './premierEcran';

dayjs.locale('fr');

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/**
 * The app opens its dialogs with the global `modals.*` calls only (never `useModals`), so the
 * provider need not wrap the tree: mounted beside it, it leaves Modal, ScrollArea and floating-ui
 * out of the shell (issue 17, item 6). Its chunk loads once the first page is on screen (after the
 * sign-in page on a weak link: premierEcran.tsx), well before a dialog is asked for.
 */
const ModalsProvider = differe(() =>
  import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })),
);

export function Providers({ children }: { children: ReactNode }) {
  const pageAffichee = usePremierEcran();
  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          {pageAffichee && (
            <Suspense fallback={null}>
              <ModalsProvider labels={{ confirm: 'OK', cancel: 'Annuler' }} />
            </Suspense>
          )}
          <Notifications position="top-right" autoClose={5000} />
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
