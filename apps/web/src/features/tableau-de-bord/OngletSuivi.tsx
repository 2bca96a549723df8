import { BarChart } from '@mantine/charts';
import { Badge, Card, Grid, Group, Select, Stack, Text, Timeline, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SuiviOperateur } from '@estive/contracts';
import {
  LIBELLES_ETAT_MANQUEMENT,
  LIBELLES_NATURE,
  LIBELLES_NIVEAU,
  LIBELLES_RESULTAT,
  LIBELLES_STATUT_CONTROLE,
} from '@estive/domain';
import { Chargement } from '../../ui/Chargement';
import { RaisonAbandon } from '../../ui/RaisonAbandon';
import { api } from '../../lib/api';
import { lireSuivi } from './api';
import { dateHeureParis, dateParis } from './format';

type Evenement =
  | { type: 'controle'; date: string; c: SuiviOperateur['controles'][number] }
  | { type: 'manquement'; date: string; m: SuiviOperateur['manquements'][number] };

/** Controls per year and result, and shortcomings per year: what a person looks at first. */
function parAnnee(s: SuiviOperateur) {
  const annees = new Map<
    string,
    { annee: string; Conformes: number; 'Non conformes': number; Manquements: number }
  >();
  const ligne = (iso: string) => {
    const annee = iso.slice(0, 4);
    let l = annees.get(annee);
    if (!l) {
      l = { annee, Conformes: 0, 'Non conformes': 0, Manquements: 0 };
      annees.set(annee, l);
    }
    return l;
  };
  for (const c of s.controles) {
    if (c.resultat === 'CONFORME') ligne(c.date).Conformes++;
    if (c.resultat === 'NON_CONFORME') ligne(c.date)['Non conformes']++;
  }
  for (const m of s.manquements) if (m.date) ligne(m.date).Manquements++;
  return [...annees.values()].sort((a, b) => a.annee.localeCompare(b.annee));
}

/** The operator to follow, searched in the perimeter (500 ms debounce, as every autocomplete). */
function ChoixOperateur({ choisir }: { choisir: (id: string) => void }) {
  const [texte, setTexte] = useState('');
  const [stable] = useDebouncedValue(texte, 500);
  const { data = [] } = useQuery({
    queryKey: ['tdb-suivi-operateurs', stable],
    queryFn: () => api('GET /api/personne-morale/autocomplete', { query: { q: stable } }),
    enabled: stable.trim().length >= 2,
  });
  return (
    <Select
      label="Opérateur"
      placeholder="Raison sociale, SIRET, EDE ou PACAGE"
      searchable
      w={360}
      maw="100%"
      data={data.map((o) => ({ value: o.id, label: `${o.raisonSociale} (${o.siret})` }))}
      searchValue={texte}
      onSearchChange={setTexte}
      filter={({ options }) => options}
      onChange={(id) => {
        if (id) choisir(id);
      }}
      nothingFoundMessage={stable.trim().length >= 2 ? 'Aucun résultat' : undefined}
    />
  );
}

/** Suivi opérateur: one operator's controls and shortcomings over time (timeline and chart). */
export function OngletSuivi({
  personneMoraleId,
  choisir,
}: {
  personneMoraleId: string | null;
  choisir: (id: string) => void;
}) {
  const { data, isPending } = useQuery({
    queryKey: ['tdb-suivi', personneMoraleId],
    queryFn: () => lireSuivi(personneMoraleId ?? ''),
    enabled: personneMoraleId !== null,
  });
  if (personneMoraleId === null)
    return (
      <Stack gap="sm">
        <ChoixOperateur choisir={choisir} />
        <Text c="dimmed">
          Cherchez un opérateur, ou choisissez-le dans l'onglet Contrôles, pour voir son suivi.
        </Text>
      </Stack>
    );
  if (isPending || !data) return <Chargement />;
  const evenements: Evenement[] = [
    ...data.controles.map((c) => ({ type: 'controle' as const, date: c.date, c })),
    ...data.manquements.map((m) => ({ type: 'manquement' as const, date: m.date ?? '', m })),
  ].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <Stack gap="md">
      <ChoixOperateur choisir={choisir} />
      <Group justify="space-between">
        <div>
          <Title order={3}>{data.operateur.raisonSociale}</Title>
          <Text c="dimmed">
            {data.operateur.siret} · {data.operateur.codePostal ?? ''} {data.operateur.ville ?? ''}
          </Text>
        </div>
        <Group>
          <Badge size="lg" variant="light">
            {data.controles.length} contrôles
          </Badge>
          <Badge size="lg" variant="light" color="red">
            {data.manquements.length} manquements
          </Badge>
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Title order={4} mb="sm">
              Historique
            </Title>
            <Timeline bulletSize={14} lineWidth={2} aria-label="Historique de l'opérateur">
              {evenements.slice(0, 60).map((e) =>
                e.type === 'controle' ? (
                  <Timeline.Item
                    key={`c${e.c.id}`}
                    color={
                      e.c.statut === 'ANNULE'
                        ? 'gray'
                        : e.c.resultat === 'NON_CONFORME'
                          ? 'red'
                          : 'green'
                    }
                    title={`Contrôle ${LIBELLES_NATURE[e.c.nature].toLowerCase()} · ${e.c.aopIgp}`}
                  >
                    <Text size="xs" c="dimmed">
                      {dateHeureParis(e.c.date)} · {LIBELLES_NIVEAU[e.c.niveau]}
                      {e.c.auditeur ? ` · ${e.c.auditeur}` : ''}
                    </Text>
                    <Text size="sm">
                      {e.c.statut === 'ANNULE'
                        ? LIBELLES_STATUT_CONTROLE.ANNULE
                        : `${e.c.resultat ? LIBELLES_RESULTAT[e.c.resultat] : 'Sans résultat'} · ${String(e.c.nbManquement)} manquement(s)`}
                    </Text>
                    <RaisonAbandon statut={e.c.statut} raison={e.c.raisonAbandon} lignes={3} />
                  </Timeline.Item>
                ) : (
                  <Timeline.Item
                    key={`m${e.m.id}`}
                    color="orange"
                    title={`Manquement ${e.m.codePoint}`}
                  >
                    <Text size="xs" c="dimmed">
                      {dateParis(e.m.date)} · {LIBELLES_ETAT_MANQUEMENT[e.m.etat]}
                      {e.m.enRetard ? ' · suivi en retard' : ''}
                    </Text>
                    <Text size="sm" component={Link} to={`/tdb/manquement/${e.m.id}`}>
                      {e.m.libellePoint}
                    </Text>
                  </Timeline.Item>
                ),
              )}
            </Timeline>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Title order={4} mb="sm">
              Résultats par année
            </Title>
            <BarChart
              h={260}
              data={parAnnee(data)}
              dataKey="annee"
              withLegend
              series={[
                { name: 'Conformes', color: 'teal.6' },
                { name: 'Non conformes', color: 'red.6' },
                { name: 'Manquements', color: 'orange.5' },
              ]}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
