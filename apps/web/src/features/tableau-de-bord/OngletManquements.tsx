import { Badge, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { DataTableColumn } from 'mantine-datatable';
import type { TdbManquementLigne } from '@estive/contracts';
import {
  ETATS_MANQUEMENT,
  LIBELLES_ETAT_MANQUEMENT,
  LIBELLES_NATURE,
  LIBELLES_SEVERITE,
  NATURES_CONTROLE,
} from '@estive/domain';
import { TablePaginee } from '../../ui/TablePaginee';
import { useRequetePaginee } from '../../ui/useRequetePaginee';
import { ChoixColonnes, useColonnesMasquees, visibles } from './ChoixColonnes';
import { dateParis, jour } from './format';
import { GraphiqueManquements } from './Graphiques';
import { ManquementManuel } from './ManquementManuel';
import { BoutonExport } from '../../ui/BoutonExport';
import { TexteReplie } from './TexteReplie';
import classes from './OngletManquements.module.css';

type Ligne = TdbManquementLigne & Record<string, unknown>;
type Colonne = DataTableColumn<Ligne> & { title: string };

/** The free texts of a shortcoming, with the short name each takes once folded together. */
const TEXTES: Partial<Record<string, string>> = {
  commentaire: 'Commentaire',
  informationsAuditeur: 'Auditeur',
  informationsAudite: 'Audité',
};
/** From this width the three free texts have a column each; below it they share one. */
const LARGEUR_TEXTES_SEPARES = '(min-width: 100em)';

/**
 * Sixteen columns do not fit 1280 px (issue 32, item 7): below 1600 px the town goes under the
 * operator and the shown free texts (comment, auditor's and audited's information) fold into
 * one column, each under its short name and folded to two lines; the column chooser still
 * lists them one by one.
 */
function replier(colonnes: Colonne[]): Colonne[] {
  return replierTextes(replierVille(colonnes));
}

/** The town goes under the operator's name (one column less, the operator's sort kept). */
function replierVille(colonnes: Colonne[]): Colonne[] {
  if (!colonnes.some((c) => c.accessor === 'ville')) return colonnes;
  return colonnes.flatMap((c): Colonne[] => {
    if (c.accessor === 'ville') return [];
    if (c.accessor !== 'raisonSociale') return [c];
    return [
      {
        ...c,
        title: 'Opérateur, ville',
        render: (l) => (
          <>
            {l.raisonSociale}
            {l.ville ? (
              <Text size="xs" c="gray.8">
                {l.ville}
              </Text>
            ) : null}
          </>
        ),
      },
    ];
  });
}

function replierTextes(colonnes: Colonne[]): Colonne[] {
  const textes = colonnes.filter((c) => TEXTES[c.accessor] !== undefined);
  const [premiereTexte] = textes;
  if (!premiereTexte || textes.length < 2) return colonnes;
  const premiere = colonnes.indexOf(premiereTexte);
  const repliee: Colonne = {
    accessor: 'textes',
    title: 'Commentaire et informations',
    cellsClassName: classes.texteLibre,
    render: (l) => {
      const lus = textes.flatMap((c): ReactNode[] => {
        const texte = l[c.accessor];
        if (typeof texte !== 'string' || texte === '') return [];
        return [
          <div key={c.accessor}>
            <Text span size="xs" fw={700} c="gray.8">
              {TEXTES[c.accessor]}
            </Text>
            <TexteReplie texte={texte} largeur={{ min: 156, max: 220 }} longueur={60} />
          </div>,
        ];
      });
      return lus.length > 0 ? <Stack gap={4}>{lus}</Stack> : null;
    },
  };
  return [
    ...colonnes.slice(0, premiere).filter((c) => !textes.includes(c)),
    repliee,
    ...colonnes.slice(premiere).filter((c) => !textes.includes(c)),
  ];
}

/** Manquements tab: shortcomings of the perimeter; overdue follow-ups stand out in red. */
export function OngletManquements() {
  const navigate = useNavigate();
  const [etat, setEtat] = useState<string | null>(null);
  const [enRetard, setEnRetard] = useState(false);
  const [operateur, setOperateur] = useState('');
  const [nature, setNature] = useState<string | null>(null);
  const requete = useRequetePaginee({
    cle: 'tdb-manquements',
    appel: 'GET /api/tdb/manquement',
    filtres: { etat, nature, enRetard: enRetard ? true : null, operateur },
  });
  const masquees = useColonnesMasquees('manquements');
  const textesSepares = useMediaQuery(LARGEUR_TEXTES_SEPARES, false);
  const retard = (l: TdbManquementLigne, date: string | null) =>
    l.enRetard && date !== null && date < new Date().toISOString().slice(0, 10);
  /** A follow-up's due date, in red once overdue. */
  const colonneSuivi = (
    accessor: 'dateSuiviCorrective' | 'dateSuiviCorrectrice',
    title: string,
  ): Colonne => ({
    accessor,
    title,
    sortable: true,
    render: (l) => (
      <span
        style={
          retard(l, l[accessor])
            ? // red-9: red-7 read at 3.6:1 on the striped rows, under WCAG AA's 4.5:1.
              { color: 'var(--mantine-color-red-9)', fontWeight: 700 }
            : undefined
        }
      >
        {jour(l[accessor])}
      </span>
    ),
    cellsClassName: classes.sansCoupure,
  });
  // The columns; the user may hide some (`parametrage-tdb`).
  const colonnes: Colonne[] = [
    {
      accessor: 'date',
      title: 'Date',
      sortable: true,
      render: (l) => dateParis(l.date),
      cellsClassName: classes.sansCoupure,
    },
    {
      accessor: 'raisonSociale',
      title: 'Opérateur',
      sortable: true,
      cellsClassName: classes.texteLibre,
    },
    { accessor: 'ville', title: 'Ville' },
    { accessor: 'aopIgp', title: 'AOP-IGP', sortable: true },
    {
      accessor: 'nature',
      title: 'Nature',
      render: (l) => (l.nature ? LIBELLES_NATURE[l.nature] : 'Manuel'),
    },
    { accessor: 'codePoint', title: 'Code', sortable: true },
    { accessor: 'libellePoint', title: 'Point de contrôle', cellsClassName: classes.texteLibre },
    {
      accessor: 'etat',
      title: 'État',
      sortable: true,
      cellsClassName: classes.etat,
      render: (l) => (
        // Plain text: a badge truncates the longer states ('En cours OC') at 1280 px. The badge
        // goes under the state when the column is narrow, whole ("En r…" was cut at 1024).
        <Group gap={4}>
          <Text span size="sm" fw={600}>
            {LIBELLES_ETAT_MANQUEMENT[l.etat]}
          </Text>
          {l.enRetard ? (
            <Badge color="red" variant="filled" style={{ flexShrink: 0 }}>
              En retard
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      accessor: 'seuil',
      title: 'Seuil',
      render: (l) => (l.seuil ? LIBELLES_SEVERITE[l.seuil] : ''),
    },
    { accessor: 'recidive', title: 'Récidive', render: (l) => (l.recidive ? 'Oui' : 'Non') },
    colonneSuivi('dateSuiviCorrective', 'Suivi correctif'),
    colonneSuivi('dateSuiviCorrectrice', 'Suivi correcteur'),
    {
      accessor: 'commentaire',
      cellsClassName: classes.texteLibre,
      title: 'Commentaire',
      render: (l) => <TexteReplie texte={l.commentaire} />,
    },
    {
      accessor: 'informationsAuditeur',
      cellsClassName: classes.texteLibre,
      title: "Informations de l'auditeur",
      render: (l) => <TexteReplie texte={l.informationsAuditeur} />,
    },
    {
      accessor: 'informationsAudite',
      cellsClassName: classes.texteLibre,
      title: "Informations de l'audité",
      render: (l) => <TexteReplie texte={l.informationsAudite} />,
    },
    {
      accessor: 'dateModification',
      title: 'Modifié le',
      sortable: true,
      render: (l) => dateParis(l.dateModification),
      cellsClassName: classes.sansCoupure,
    },
  ];
  return (
    <Stack gap="sm">
      <Group align="end" gap="sm">
        <Select
          label="État"
          clearable
          w={200}
          data={ETATS_MANQUEMENT.map((e) => ({ value: e, label: LIBELLES_ETAT_MANQUEMENT[e] }))}
          value={etat}
          onChange={setEtat}
        />
        <Select
          label="Nature"
          clearable
          w={130}
          data={NATURES_CONTROLE.map((n) => ({ value: n, label: LIBELLES_NATURE[n] }))}
          value={nature}
          onChange={setNature}
        />
        <TextInput
          label="Opérateur"
          placeholder="Raison sociale ou SIRET"
          value={operateur}
          onChange={(e) => setOperateur(e.currentTarget.value)}
        />
        <Checkbox
          label="Suivis en retard"
          checked={enRetard}
          onChange={(e) => setEnRetard(e.currentTarget.checked)}
          mb={8}
        />
        <ChoixColonnes
          table="manquements"
          colonnes={colonnes.map((c) => ({ accessor: c.accessor, title: c.title }))}
        />
        <BoutonExport
          chemin={`/api/tdb/manquement/export?${requete.parametres.toString()}`}
          nom="manquements.xlsx"
        />
        <ManquementManuel />
      </Group>
      <GraphiqueManquements parametres={requete.parametres} />
      <div className={classes.table}>
        <TablePaginee
          aria-label="Manquements"
          requete={requete}
          onRowClick={(l) => void navigate(`/tdb/manquement/${l.id}`)}
          columns={
            textesSepares ? visibles(colonnes, masquees) : replier(visibles(colonnes, masquees))
          }
        />
      </div>
    </Stack>
  );
}
