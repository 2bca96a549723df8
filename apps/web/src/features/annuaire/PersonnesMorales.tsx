import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { PersonneMoraleLigne } from '@estive/contracts';
import { formaterSiret } from '@estive/domain';
import { TablePaginee } from '../../ui/TablePaginee';
import { aucunChoix, useFiltres } from '../../ui/useFiltres';
import { useRequetePaginee } from '../../ui/useRequetePaginee';
import { OPTIONS_STATUT_HABILITATION, useListesFiltres } from './references';
import { BoutonExport } from '../../ui/BoutonExport';

const TEXTES = {
  raisonSociale: '',
  siret: '',
  ede: '',
  pac: '',
  codePostal: '',
  ville: '',
  mail: '',
  isHabilite: '',
};
const LISTES = {
  aop: aucunChoix(),
  activite: aucunChoix(),
  statut: aucunChoix(),
  groupe: aucunChoix(),
};
const OUI_NON = [
  { value: 'true', label: 'Oui' },
  { value: 'false', label: 'Non' },
];

/** The operators' search (spec part 1 §2 'recherche', tab 'Personnes morales'), every filter of §7. */
export function PersonnesMorales() {
  const navigate = useNavigate();
  const { filtres: f, texte: champ, choix, choixUnique } = useFiltres({ ...TEXTES, ...LISTES });
  const listes = useListesFiltres();
  const requete = useRequetePaginee({
    cle: 'personne-morale',
    appel: 'GET /api/personne-morale',
    filtres: f,
  });
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        {champ('raisonSociale', 'Raison sociale')}
        {champ('siret', 'Siret')}
        {champ('ede', 'EDE')}
        {champ('pac', 'PACAGE')}
        {champ('codePostal', 'Code postal')}
        {champ('ville', 'Ville')}
        {champ('mail', 'Mail')}
        {choixUnique('isHabilite', 'Habilité', OUI_NON)}
        {choix('aop', 'AOP-IGP', listes.aops)}
        {choix('activite', 'Activité', listes.activites)}
        {choix('statut', "Statut d'habilitation", OPTIONS_STATUT_HABILITATION)}
        {choix('groupe', 'Groupe', listes.groupes)}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => void navigate('/recherche/morale/creation')}
        >
          Nouvelle personne morale
        </Button>
        <BoutonExport chemin={`/api/personne-morale/export?${requete.parametres.toString()}`} />
      </Group>
      <TablePaginee<PersonneMoraleLigne>
        aria-label="Personnes morales"
        requete={requete}
        onRowClick={(o) => void navigate(`/recherche/morale/${o.id}`)}
        columns={[
          { accessor: 'raisonSociale', title: 'Raison sociale', sortable: true },
          {
            accessor: 'siret',
            title: 'Siret',
            sortable: true,
            render: (o) => formaterSiret(o.siret),
          },
          { accessor: 'codePostal', title: 'Code postal', sortable: true },
          { accessor: 'ville', title: 'Ville', sortable: true },
          { accessor: 'mail', title: 'Mail', sortable: true },
          { accessor: 'aops', title: 'AOP-IGP' },
          {
            accessor: 'isHabilite',
            title: 'Habilité',
            render: (o) => (o.isHabilite ? 'Oui' : 'Non'),
          },
        ]}
      />
    </Stack>
  );
}
