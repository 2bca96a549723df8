import { Stack, Tabs, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Chargement } from '../../ui/Chargement';
import { ONGLETS_PARAMETRAGE } from './onglets';

/**
 * Paramétrage (route `parametrage`, CNAOL and ANIMATEUR under an ODG right): one tab per
 * settings family; the address carries the tab so a reload or a link lands on it.
 */
export default function ParametragePage() {
  const [params, setParams] = useSearchParams();
  const premier = ONGLETS_PARAMETRAGE[0]?.valeur ?? 'campagnes';
  const demande = params.get('onglet');
  const onglet = ONGLETS_PARAMETRAGE.some((o) => o.valeur === demande)
    ? (demande ?? premier)
    : premier;
  return (
    <Stack p="md" gap="sm">
      <Title order={2}>Paramétrage</Title>
      <Tabs
        value={onglet}
        onChange={(v) => {
          setParams({ onglet: v ?? premier }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {ONGLETS_PARAMETRAGE.map((o) => (
            <Tabs.Tab key={o.valeur} value={o.valeur} mih={44}>
              {o.libelle}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ONGLETS_PARAMETRAGE.map(({ valeur, Composant }) => (
          <Tabs.Panel key={valeur} value={valeur} pt="sm">
            <Suspense fallback={<Chargement />}>
              <Composant />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
