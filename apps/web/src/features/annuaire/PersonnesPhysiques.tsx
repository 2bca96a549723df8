import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { PersonnePhysiqueLigne } from '@estive/contracts';
import { TablePaginee } from '../../ui/TablePaginee';
import { useFiltres } from '../../ui/useFiltres';
import { useRequetePaginee } from '../../ui/useRequetePaginee';
import { rolesFr } from './api';

const FILTRES = {
  nom: '',
  prenom: '',
  mail: '',
  operateur: '',
  fonction: '',
  commune: '',
  type: '',
};
const TYPES = [
  { value: 'PERSONNE', label: "Personnes de l'ODG" },
  { value: 'CONTACT', label: "Contacts d'opérateurs" },
];

/** A contact's operators, each a link to its fiche (the row's click does not also fire). */
function Operateurs({ ligne }: { ligne: PersonnePhysiqueLigne }) {
  if (ligne.type === 'PERSONNE') return <Text size="sm">{ligne.organisme ?? ''}</Text>;
  return (
    <Stack gap={2}>
      {ligne.operateurs.map((o) => (
        <Anchor
          key={o.id}
          size="sm"
          component={Link}
          to={`/recherche/morale/${o.id}`}
          onClick={(e) => e.stopPropagation()}
        >
          {o.raisonSociale}
        </Anchor>
      ))}
    </Stack>
  );
}

/**
 * Spec part 1 §2 'recherche', tab 'Personnes physiques' (issue 32 item 3): the ODG's people and
 * its operators' contacts, each contact linked to its operators, filtered by name, first name,
 * mail, operator (name or SIRET), function, town or postcode, and kind. A person's row opens its
 * fiche; a contact's opens its operator's when it has one, else its links choose.
 */
export function PersonnesPhysiques() {
  const navigate = useNavigate();
  const { filtres: f, texte: champ, choixUnique } = useFiltres(FILTRES);
  const requete = useRequetePaginee({
    cle: 'personne-physique',
    appel: 'GET /api/personne-physique',
    filtres: f,
  });
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }}>
        {champ('nom', 'Nom')}
        {champ('prenom', 'Prénom')}
        {champ('mail', 'Mail')}
        {champ('operateur', 'Opérateur (nom ou SIRET)')}
        {champ('fonction', 'Fonction')}
        {champ('commune', 'Commune ou code postal')}
        {choixUnique('type', 'Type', TYPES, 'Tous')}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => void navigate('/recherche/physique/creation')}
        >
          Nouvelle personne physique
        </Button>
      </Group>
      <TablePaginee<PersonnePhysiqueLigne>
        aria-label="Personnes physiques"
        requete={requete}
        idAccessor="cle"
        onRowClick={(p) => {
          const [seul] = p.operateurs;
          if (p.id !== null) void navigate(`/recherche/physique/${p.id}`);
          else if (seul && p.operateurs.length === 1) void navigate(`/recherche/morale/${seul.id}`);
        }}
        columns={[
          { accessor: 'nom', title: 'Nom', sortable: true },
          { accessor: 'prenom', title: 'Prénom', sortable: true },
          { accessor: 'mail', title: 'Mail', sortable: true },
          { accessor: 'telephone', title: 'Téléphone' },
          {
            accessor: 'type',
            title: 'Type',
            render: (p) => (
              <Badge variant="light" color={p.type === 'CONTACT' ? 'teal' : 'blue'}>
                {p.type === 'CONTACT' ? 'Contact' : 'ODG'}
              </Badge>
            ),
          },
          {
            accessor: 'operateurs',
            title: 'Organisme ou opérateurs',
            render: (p) => <Operateurs ligne={p} />,
          },
          {
            accessor: 'fonctions',
            title: 'Fonction ou rôles',
            render: (p) => (p.type === 'CONTACT' ? p.fonctions.join(', ') : rolesFr(p.roles)),
          },
        ]}
      />
    </Stack>
  );
}
