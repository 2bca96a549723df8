import { Badge, Button, Group, Indicator, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAddressBook, IconChartBar, IconRoute, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ongletsVisibles, type Onglet } from '@estive/domain';
import { api } from '../../lib/api';
import { droitActif, useSession } from '../../offline/session/session';
import { useConnectivite } from '../../offline/connectivity';

const ICONES: Partial<Record<Onglet['route'], ReactNode>> = {
  tournee: <IconRoute size={22} />,
  recherche: <IconAddressBook size={22} />,
  tdb: <IconChartBar size={22} />,
  parametrage: <IconSettings size={22} />,
};

function useOnglets() {
  const s = useSession();
  const droit = droitActif(s);
  if (!s.principal) return [];
  return ongletsVisibles(s.principal.roles, droit?.type ?? null);
}

/** The basket size, as a red badge on Tournée, for CNAOL and ANIMATEUR with an active right. */
function usePanier() {
  const s = useSession();
  const { enLigne } = useConnectivite();
  const droit = droitActif(s);
  const bureau =
    s.principal?.roles.some((r) => r === 'ROLE_CNAOL' || r === 'ROLE_ANIMATEUR') ?? false;
  const { data } = useQuery({
    queryKey: ['panier', 'taille', droit?.id],
    queryFn: () => api('GET /api/panier', { query: { size: 1 } }),
    enabled: bureau && !!droit && enLigne,
    // The basket may not exist for this perimeter (404): no badge, no error toast.
    retry: false,
  });
  return data?.totalElements ?? 0;
}

export function OngletsEntete() {
  const onglets = useOnglets();
  const panier = usePanier();
  return (
    <Group gap={4} wrap="nowrap" component="nav" aria-label="Navigation principale">
      {onglets.map((o) => (
        <Button
          key={o.route}
          component={NavLink}
          to={o.path}
          variant="subtle"
          leftSection={ICONES[o.route]}
          rightSection={
            o.route === 'tournee' && panier > 0 ? (
              <Badge
                color="red"
                size="sm"
                circle
                aria-label={`${panier} opérateurs dans le panier`}
              >
                {panier}
              </Badge>
            ) : null
          }
          className="onglet"
        >
          {o.libelle}
        </Button>
      ))}
    </Group>
  );
}

export function BarreOnglets() {
  const onglets = useOnglets();
  const panier = usePanier();
  return (
    <Group h="100%" grow gap={0} component="nav" aria-label="Navigation principale">
      {onglets.map((o) => (
        <UnstyledButton key={o.route} component={NavLink} to={o.path} className="onglet-bas" p={6}>
          <Stack gap={0} align="center">
            <Indicator
              disabled={!(o.route === 'tournee' && panier > 0)}
              label={panier}
              color="red"
              size={16}
              offset={-2}
            >
              {ICONES[o.route]}
            </Indicator>
            <Text size="xs">{o.libelle}</Text>
          </Stack>
        </UnstyledButton>
      ))}
    </Group>
  );
}
