import { Group, SimpleGrid, Stack } from '@mantine/core';
import type { HabilitationLigne } from '@estive/contracts';
import { useNavigate } from 'react-router';
import { formaterSiret, LIBELLES_STATUT_HABILITATION } from '@estive/domain';
import { TablePaginee } from '../../ui/TablePaginee';
import { aucunChoix, useFiltres } from '../../ui/useFiltres';
import { useRequetePaginee } from '../../ui/useRequetePaginee';
import { dateFr } from './api';
import { OPTIONS_STATUT_HABILITATION, useListesFiltres } from './references';
import { BoutonExport } from '../../ui/BoutonExport';

/**
 * The habilitations of the active right's labels (`/api/habilitation`, part 2 §7), filtered by
 * operator, label, activity and status, sorted by status by default (part 2 §9), exported as XLSX.
 */
export function Habilitations() {
  const navigate = useNavigate();
  const listes = useListesFiltres();
  const {
    filtres: f,
    texte,
    choix,
  } = useFiltres({
    raisonSociale: '',
    aop: aucunChoix(),
    activite: aucunChoix(),
    statut: aucunChoix(),
  });
  const requete = useRequetePaginee({
    cle: 'habilitation',
    appel: 'GET /api/habilitation',
    filtres: f,
    triInitial: { colonne: 'statut', sens: 'asc' },
  });
  // The export takes the list's filters and its sort.
  const exporte = new URLSearchParams(requete.parametres);
  if (requete.tri) exporte.set('sort', `${requete.tri.colonne},${requete.tri.sens.toUpperCase()}`);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, lg: 4 }}>
        {texte('raisonSociale', 'Raison sociale')}
        {choix('aop', 'AOP-IGP', listes.aops)}
        {choix('activite', 'Activité', listes.activites)}
        {choix('statut', 'Statut', OPTIONS_STATUT_HABILITATION)}
      </SimpleGrid>
      <Group justify="flex-end">
        <BoutonExport chemin={`/api/habilitation/export?${exporte.toString()}`} />
      </Group>
      <TablePaginee<HabilitationLigne>
        aria-label="Habilitations"
        requete={requete}
        onRowClick={(h) => void navigate(`/recherche/morale/${h.personneMoraleId}`)}
        columns={[
          { accessor: 'raisonSociale', title: 'Raison sociale', sortable: true },
          { accessor: 'siret', title: 'Siret', render: (h) => formaterSiret(h.siret) },
          { accessor: 'aopIgp', title: 'AOP-IGP', sortable: true, render: (h) => h.aopIgp.libelle },
          { accessor: 'activite', title: 'Activité', render: (h) => h.activite.libelle },
          {
            accessor: 'statut',
            title: 'Statut',
            sortable: true,
            render: (h) => LIBELLES_STATUT_HABILITATION[h.statut],
          },
          {
            accessor: 'dateDi',
            title: 'Date de DI',
            sortable: true,
            render: (h) => dateFr(h.dateDi),
          },
        ]}
      />
    </Stack>
  );
}
