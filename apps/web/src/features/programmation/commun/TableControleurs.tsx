import { Radio, SimpleGrid, Stack } from '@mantine/core';
import { formaterSiret, formaterTelephone } from '@estive/domain';
import { TablePaginee } from '../../../ui/TablePaginee';
import { useFiltres } from '../../../ui/useFiltres';
import { useRequetePaginee } from '../../../ui/useRequetePaginee';
import type { Controleur } from '../types';

const VIDE = { nom: '', prenom: '', mail: '', raisonSociale: '' };

export const denomination = (c: Pick<Controleur, 'nom' | 'prenom'>): string =>
  `${c.prenom} ${c.nom}`;

/**
 * The controllers of the perimeter (spec part 1 §7 'Get controllers'), one to choose: step 1 of
 * the wizard and the dashboard's change-of-controller popup.
 */
export function TableControleurs({
  choisi,
  choisir,
}: {
  choisi: string | null;
  choisir: (c: Controleur) => void;
}) {
  const { filtres: f, texte: champ } = useFiltres(VIDE);
  const requete = useRequetePaginee({
    cle: 'controleurs',
    appel: 'GET /api/personne-physique/controleur',
    filtres: f,
    triInitial: { colonne: 'nom', sens: 'asc' },
  });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {champ('nom', 'Nom')}
        {champ('prenom', 'Prénom')}
        {champ('mail', 'Mail')}
        {champ('raisonSociale', 'Raison sociale')}
      </SimpleGrid>
      <TablePaginee<Controleur>
        aria-label="Contrôleurs"
        requete={requete}
        onRowClick={choisir}
        rowBackgroundColor={(c) =>
          c.id === choisi ? 'var(--mantine-color-blue-light)' : undefined
        }
        columns={[
          {
            accessor: 'choix',
            title: '',
            width: 44,
            render: (c) => (
              <Radio
                aria-label={`Choisir ${denomination(c)}`}
                checked={c.id === choisi}
                onChange={() => choisir(c)}
              />
            ),
          },
          { accessor: 'nom', title: 'Nom', sortable: true },
          { accessor: 'prenom', title: 'Prénom', sortable: true },
          { accessor: 'mail', title: 'Mail' },
          {
            accessor: 'telephone',
            title: 'Téléphone',
            render: (c) => formaterTelephone(c.telephone),
          },
          {
            accessor: 'personneMorale',
            title: 'Organisme',
            render: (c) =>
              c.personneMorale
                ? `${c.personneMorale.raisonSociale} (${formaterSiret(c.personneMorale.siret)})`
                : '',
          },
        ]}
      />
    </Stack>
  );
}
