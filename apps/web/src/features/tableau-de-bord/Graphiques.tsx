import { BarChart } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LIBELLES_SEVERITE, SEVERITES, type Severite } from '@estive/domain';
import { api } from '../../lib/api';
import { GRAPHIQUE_COMPTES } from './format';

const COULEURS: Record<Severite, string> = {
  MINEUR: 'yellow.5',
  MAJEUR: 'orange.6',
  GRAVE: 'red.7',
  SANS_GRAVITE: 'gray.5',
  SEUIL_1: 'yellow.4',
  SEUIL_2: 'orange.5',
  SEUIL_3: 'red.6',
  CONSTATE: 'grape.5',
};
const SANS_GRAVITE_NOTEE = 'Non renseignée';

/** 'YYYY-MM' → 'nov. 2026'. */
const libelleMois = (mois: string) =>
  new Date(`${mois}-15T12:00:00Z`).toLocaleDateString('fr-FR', {
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  });

/** Results by month of the controls the table lists (same filters: `parametres`). */
export function GraphiqueControles({ parametres }: { parametres: URLSearchParams }) {
  const qs = parametres.toString();
  const { data } = useQuery({
    queryKey: ['tdb-controles-statistiques', qs],
    queryFn: () => api('GET /api/tdb/controle/statistiques', { query: new URLSearchParams(qs) }),
  });
  const lignes = (data?.parMois ?? []).map((m) => ({
    mois: libelleMois(m.mois),
    Conformes: m.conformes,
    'Non conformes': m.nonConformes,
    'Sans résultat': m.sansResultat,
  }));
  return (
    <Card withBorder padding="sm" aria-label="Résultats par mois">
      <Text fw={600} size="sm" mb={4}>
        Résultats par mois
      </Text>
      <BarChart
        h={170}
        data={lignes}
        dataKey="mois"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'top', height: 30 }}
        {...GRAPHIQUE_COMPTES}
        series={[
          { name: 'Conformes', color: 'teal.6' },
          { name: 'Non conformes', color: 'red.6' },
          { name: 'Sans résultat', color: 'gray.4' },
        ]}
      />
    </Card>
  );
}

/** Shortcomings the table lists, by category of their point and by severity. */
export function GraphiqueManquements({ parametres }: { parametres: URLSearchParams }) {
  const qs = parametres.toString();
  const { data } = useQuery({
    queryKey: ['tdb-manquements-statistiques', qs],
    queryFn: () => api('GET /api/tdb/manquement/statistiques', { query: new URLSearchParams(qs) }),
  });
  const parCategorie = new Map<string, Record<string, string | number>>();
  const presentes = new Set<string>();
  for (const c of data?.parCategorie ?? []) {
    const serie = c.seuil ? LIBELLES_SEVERITE[c.seuil] : SANS_GRAVITE_NOTEE;
    presentes.add(serie);
    const ligne = parCategorie.get(c.categorie) ?? { categorie: c.categorie };
    ligne[serie] = c.nombre;
    parCategorie.set(c.categorie, ligne);
  }
  const series = [
    ...SEVERITES.map((s) => ({ name: LIBELLES_SEVERITE[s], color: COULEURS[s] })),
    { name: SANS_GRAVITE_NOTEE, color: 'gray.3' },
  ].filter((s) => presentes.has(s.name));
  return (
    <Card withBorder padding="sm" aria-label="Manquements par catégorie et gravité">
      <Text fw={600} size="sm" mb={4}>
        Manquements par catégorie et gravité
      </Text>
      <BarChart
        h={170}
        data={[...parCategorie.values()]}
        dataKey="categorie"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'top', height: 30 }}
        {...GRAPHIQUE_COMPTES}
        series={series}
      />
    </Card>
  );
}
