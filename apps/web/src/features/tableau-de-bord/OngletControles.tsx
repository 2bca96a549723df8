import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { TdbControleLigne } from '@estive/contracts';
import {
  LIBELLES_NATURE,
  LIBELLES_NIVEAU,
  LIBELLES_RESULTAT,
  LIBELLES_STATUT_CONTROLE,
  NATURES_CONTROLE,
  NIVEAUX_CONTROLE,
  RESULTATS_CONTROLE,
  STATUTS_CONTROLE,
} from '@estive/domain';
import { ChampDate } from '../../ui/ChampDate';
import { TablePaginee } from '../../ui/TablePaginee';
import { useRequetePaginee } from '../../ui/useRequetePaginee';
import { avecToastErreurServeur } from '../../lib/api';
import { lirePression, ouvrirFichier } from './api';
import { ChoixColonnes, useColonnesMasquees, visibles } from './ChoixColonnes';
import { GraphiqueControles } from './Graphiques';
import { dateHeureParis } from './format';
import type { FiltresControles } from './filtres';
import { BoutonExport } from '../../ui/BoutonExport';
import { RaisonAbandon } from '../../ui/RaisonAbandon';

type Ligne = TdbControleLigne & Record<string, unknown>;

/** The table's columns; the user may hide some (`parametrage-tdb`). */
const COLONNES: (DataTableColumn<Ligne> & { title: string })[] = [
  {
    accessor: 'date',
    title: 'Date',
    sortable: true,
    render: (l) => dateHeureParis(l.date),
  },
  { accessor: 'raisonSociale', title: 'Opérateur', sortable: true },
  { accessor: 'aopIgp', title: 'AOP-IGP', sortable: true },
  { accessor: 'activites', title: 'Activités', render: (l) => l.activites.join(', ') },
  {
    accessor: 'nature',
    title: 'Nature',
    sortable: true,
    render: (l) => (
      <Text span size="sm" fw={600} c={l.nature === 'EXTERNE' ? 'grape.8' : 'blue.8'}>
        {LIBELLES_NATURE[l.nature]}
      </Text>
    ),
  },
  { accessor: 'niveau', title: 'Niveau', render: (l) => LIBELLES_NIVEAU[l.niveau] },
  {
    accessor: 'statut',
    title: 'Statut',
    sortable: true,
    render: (l) => (
      <>
        {LIBELLES_STATUT_CONTROLE[l.statut]}
        <RaisonAbandon statut={l.statut} raison={l.raisonAbandon} lignes={3} compact />
      </>
    ),
  },
  {
    accessor: 'resultat',
    title: 'Résultat',
    sortable: true,
    render: (l) =>
      l.resultat ? (
        <Text span size="sm" fw={600} c={l.resultat === 'CONFORME' ? 'teal.8' : 'red.8'}>
          {LIBELLES_RESULTAT[l.resultat]}
        </Text>
      ) : null,
  },
  { accessor: 'nbManquement', title: 'Manquements', textAlign: 'right' },
  { accessor: 'auditeur', title: 'Auditeur' },
  {
    accessor: 'rapportFichierId',
    title: 'Rapport',
    render: (l) =>
      l.rapportFichierId ? (
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label="Ouvrir le rapport"
          onClick={(e) => {
            e.stopPropagation();
            void avecToastErreurServeur(ouvrirFichier(l.rapportFichierId ?? ''));
          }}
        >
          <IconFileTypePdf size={18} />
        </Button>
      ) : null,
  },
];

const options = <K extends string>(valeurs: readonly K[], libelles: Record<K, string>) =>
  valeurs.map((v) => ({ value: v, label: libelles[v] }));

/** Contrôles tab: every control of the perimeter, filters named after the columns, XLSX export. */
export function OngletControles({
  filtres,
  setFiltres,
  surSuivi,
}: {
  filtres: FiltresControles;
  setFiltres: (f: FiltresControles) => void;
  surSuivi: (personneMoraleId: string) => void;
}) {
  const requete = useRequetePaginee({
    cle: 'tdb-controles',
    appel: 'GET /api/tdb/controle',
    filtres: { ...filtres },
    triInitial: { colonne: 'date', sens: 'desc' },
  });
  const masquees = useColonnesMasquees('controles');
  // The campaigns of the perimeter come with the pressure figures (same query as that tab).
  const { data: pression } = useQuery({
    queryKey: ['tdb-pression', null],
    queryFn: () => lirePression(null),
  });
  const aops = [...new Map((pression?.lignes ?? []).map((l) => [l.aopIgpId, l.aopIgp]))].map(
    ([value, label]) => ({ value, label }),
  );
  const maj = (cle: keyof FiltresControles) => (v: string | null) =>
    setFiltres({ ...filtres, [cle]: v ?? '' });
  /** A select filter: empty is no filter. */
  const choix = (
    cle: keyof FiltresControles,
    label: string,
    data: { value: string; label: string }[],
    w: number,
  ) => (
    <Select
      label={label}
      clearable
      data={data}
      value={filtres[cle] || null}
      onChange={maj(cle)}
      w={w}
    />
  );
  /** A typed filter (a name): empty is no filter. */
  const saisie = (cle: keyof FiltresControles, label: string, champ: { placeholder?: string }) => (
    <TextInput
      label={label}
      {...champ}
      value={filtres[cle]}
      onChange={(e) => maj(cle)(e.currentTarget.value)}
    />
  );
  return (
    <Stack gap="sm">
      <Group align="end" gap="sm" wrap="wrap">
        {/* Typed and read jj/mm/aaaa (the browser's date input showed mm/dd/yyyy). */}
        {(
          [
            ['dateFrom', 'Du'],
            ['dateTo', 'Au'],
          ] as const
        ).map(([cle, label]) => (
          <ChampDate key={cle} label={label} value={filtres[cle]} onChange={maj(cle)} w={160} />
        ))}
        {choix(
          'campagneId',
          'Campagne',
          (pression?.campagnes ?? []).map((k) => ({ value: k.id, label: k.libelle })),
          230,
        )}
        {choix('nature', 'Nature', options(NATURES_CONTROLE, LIBELLES_NATURE), 130)}
        {choix('resultat', 'Résultat', options(RESULTATS_CONTROLE, LIBELLES_RESULTAT), 160)}
        {choix('statut', 'Statut', options(STATUTS_CONTROLE, LIBELLES_STATUT_CONTROLE), 190)}
        {choix('niveau', 'Niveau', options(NIVEAUX_CONTROLE, LIBELLES_NIVEAU), 200)}
        {choix('aopIgpId', 'AOP-IGP', aops, 170)}
        {saisie('operateur', 'Opérateur', { placeholder: 'Raison sociale ou SIRET' })}
        {saisie('auditeur', 'Contrôleur ou auditeur', { placeholder: 'Nom' })}
        <ChoixColonnes
          table="controles"
          colonnes={COLONNES.map((c) => ({ accessor: c.accessor, title: c.title }))}
        />
        <BoutonExport
          chemin={`/api/tdb/controle/export?${requete.parametres.toString()}`}
          nom="controles.xlsx"
        />
      </Group>
      <GraphiqueControles parametres={requete.parametres} />
      <TablePaginee
        aria-label="Contrôles"
        requete={requete}
        onRowClick={(l) => surSuivi(l.personneMoraleId)}
        columns={visibles(COLONNES, masquees)}
      />
    </Stack>
  );
}
