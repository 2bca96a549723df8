import { useMemo, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { DataTable } from 'mantine-datatable';
import { ETATS_VIDES, estHabilite, formaterSiret, rechercherOperateurs } from '@estive/domain';
import { db } from '../../../offline/db';
import type { OperateurAnnuaire } from '../types';
import { labelsHabilites } from './creation';
import { TEXTES_TABLEAU } from '../../../ui/tableauFrancais';

/** Spec part 1 §9: filters refetch 500 ms after the last keystroke; pages of 10 by default. */
const DEBOUNCE_FILTRE_MS = 500;
const TAILLES_PAGE = [5, 10, 15, 25, 50];

/**
 * The operator picker, from the local directory so it works offline: only habilitated operators
 * (isHabilite), sorted by raison sociale, filtered on siret, name, postcode, town and mail.
 */
/** A directory record; one stored by a version before `isHabilite` lacks it. */
type OperateurStocke = Omit<OperateurAnnuaire, 'isHabilite'> & { isHabilite?: boolean };

export function TableOperateurs({ surChoix }: { surChoix: (o: OperateurAnnuaire) => void }) {
  const [filtre, setFiltre] = useState('');
  const [filtreStable] = useDebouncedValue(filtre, DEBOUNCE_FILTRE_MS);
  const [page, setPage] = useState(1);
  const [taille, setTaille] = useState(10);
  const habilites = useLiveQuery(async () => {
    const stockes: OperateurStocke[] = await db.annuaire.orderBy('raisonSociale').toArray();
    // Habilitated on one of this ODG's labels: an operator held by two ODGs may be habilitated by
    // the other only, and nothing could then be chosen for it (labelsHabilites).
    const labelsOdg = new Set((await db.activiteaop.orderBy('aopIgpId').uniqueKeys()).map(String));
    return stockes.flatMap((o): OperateurAnnuaire[] =>
      (o.isHabilite ?? estHabilite(o)) &&
      labelsHabilites({ ...o, isHabilite: true }, labelsOdg).length > 0
        ? [{ ...o, isHabilite: true }]
        : [],
    );
  }, []);
  const trouves = useMemo(
    () => rechercherOperateurs(habilites ?? [], filtreStable),
    [habilites, filtreStable],
  );
  const lignes = trouves.slice((page - 1) * taille, page * taille);
  return (
    <>
      <TextInput
        label="Rechercher un opérateur"
        placeholder="Raison sociale, siret, code postal, ville, mail"
        leftSection={<IconSearch size={18} />}
        size="md"
        value={filtre}
        onChange={(e) => {
          setFiltre(e.currentTarget.value);
          setPage(1);
        }}
      />
      <DataTable<OperateurAnnuaire>
        {...TEXTES_TABLEAU}
        withTableBorder
        striped
        highlightOnHover
        minHeight={200}
        verticalSpacing="sm"
        fetching={habilites === undefined}
        records={lignes}
        totalRecords={trouves.length}
        recordsPerPage={taille}
        recordsPerPageOptions={TAILLES_PAGE}
        onRecordsPerPageChange={(t) => {
          setTaille(t);
          setPage(1);
        }}
        recordsPerPageLabel="Lignes par page"
        paginationText={({ from, to, totalRecords }) => `${from}–${to} sur ${totalRecords}`}
        page={page}
        onPageChange={setPage}
        noRecordsText={ETATS_VIDES.aucunResultat}
        onRowClick={({ record }) => surChoix(record)}
        columns={[
          { accessor: 'raisonSociale', title: 'Raison sociale' },
          { accessor: 'siret', title: 'Siret', render: (o) => formaterSiret(o.siret) },
          { accessor: 'codePostal', title: 'Code postal' },
          { accessor: 'ville', title: 'Ville' },
          { accessor: 'mail', title: 'Mail' },
        ]}
      />
    </>
  );
}
