import { clesDe } from '@estive/domain';
import '@mantine/charts/styles.css';
import { ActionIcon, Checkbox, Group, Modal, Stack, Tabs, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ParametrageTdb } from '@estive/contracts';
import { toastErreurServeur } from '../../lib/api';
import { enregistrerParametrage, lireParametrage } from './api';
import { filtresDepuis, type FiltresControles } from './filtres';
import { OngletConflits } from './OngletConflits';
import { OngletControles } from './OngletControles';
import { OngletManquements } from './OngletManquements';
import { OngletPression } from './OngletPression';
import { OngletSuivi } from './OngletSuivi';

type Onglet = 'controles' | 'manquements' | 'suivi' | 'pression' | 'conflits';
const ONGLETS: { valeur: Onglet; libelle: string; reglage?: keyof ParametrageTdb }[] = [
  { valeur: 'controles', libelle: 'Contrôles', reglage: 'tdbControles' },
  { valeur: 'manquements', libelle: 'Manquements', reglage: 'tdbManquements' },
  { valeur: 'suivi', libelle: 'Suivi opérateur', reglage: 'tdbSuiviOperateurs' },
  { valeur: 'pression', libelle: 'Pression de contrôle' },
  { valeur: 'conflits', libelle: 'Conflits de synchronisation' },
];

/** The user's choice of tabs, kept server-side (`parametrage-tdb`). */
function Reglages({ p, fermer }: { p: ParametrageTdb; fermer: () => void }) {
  const client = useQueryClient();
  const enregistrer = useMutation({
    mutationFn: enregistrerParametrage,
    onSuccess: (r) => client.setQueryData(['tdb-parametrage'], r),
    onError: (e) => toastErreurServeur(e),
  });
  return (
    <Modal opened onClose={fermer} title="Onglets affichés">
      <Stack>
        {ONGLETS.flatMap(({ reglage, ...o }) =>
          reglage ? (
            <Checkbox
              key={o.valeur}
              label={o.libelle}
              checked={p[reglage] === true}
              onChange={(e) => enregistrer.mutate({ ...p, [reglage]: e.currentTarget.checked })}
            />
          ) : (
            []
          ),
        )}
      </Stack>
    </Modal>
  );
}

/**
 * Tableau de bord (route `tdb`): tabs chosen in the user's settings. The address carries the
 * tab and the Contrôles filters, so the external deposit can land on `nature=EXTERNE`.
 */
export default function TableauDeBordPage() {
  const [params, setParams] = useSearchParams();
  const [reglages, setReglages] = useState(false);
  const { data: p } = useQuery({ queryKey: ['tdb-parametrage'], queryFn: lireParametrage });
  const visibles = ONGLETS.filter((o) => !o.reglage || !p || p[o.reglage] === true);
  const demande = params.get('onglet');
  const onglet =
    ONGLETS.find((o) => o.valeur === demande)?.valeur ?? visibles[0]?.valeur ?? 'pression';
  const filtres = filtresDepuis(params);
  const aller = (valeur: string | null, extra: Record<string, string> = {}) => {
    const suivant = new URLSearchParams(params);
    suivant.set('onglet', valeur ?? 'controles');
    for (const [k, v] of Object.entries(extra)) suivant.set(k, v);
    setParams(suivant, { replace: true });
  };
  const setFiltres = (f: FiltresControles) => {
    const suivant = new URLSearchParams(params);
    for (const k of clesDe(f)) {
      if (f[k]) suivant.set(k, f[k]);
      else suivant.delete(k);
    }
    setParams(suivant, { replace: true });
  };
  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Title order={2}>Tableau de bord</Title>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label="Paramétrage du tableau de bord"
          onClick={() => setReglages(true)}
        >
          <IconSettings />
        </ActionIcon>
      </Group>
      <Tabs value={onglet} onChange={(v) => aller(v)} keepMounted={false}>
        <Tabs.List>
          {visibles.map((o) => (
            <Tabs.Tab key={o.valeur} value={o.valeur} mih={44}>
              {o.libelle}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="controles" pt="sm">
          <OngletControles
            filtres={filtres}
            setFiltres={setFiltres}
            surSuivi={(id) => aller('suivi', { operateurId: id })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="manquements" pt="sm">
          <OngletManquements />
        </Tabs.Panel>
        <Tabs.Panel value="suivi" pt="sm">
          <OngletSuivi
            personneMoraleId={params.get('operateurId')}
            choisir={(id) => aller('suivi', { operateurId: id })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="pression" pt="sm">
          <OngletPression />
        </Tabs.Panel>
        <Tabs.Panel value="conflits" pt="sm">
          <OngletConflits />
        </Tabs.Panel>
      </Tabs>
      {reglages && p ? <Reglages p={p} fermer={() => setReglages(false)} /> : null}
    </Stack>
  );
}
