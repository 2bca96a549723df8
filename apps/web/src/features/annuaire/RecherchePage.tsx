import { useState } from 'react';
import { Button, Group, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { PersonnePhysique as PersonnePhysiqueLigne } from '@estive/contracts';
import { useNavigate } from 'react-router';
import { TablePaginee } from '../../ui/TablePaginee';
import { useRequetePaginee } from '../../ui/useRequetePaginee';
import { rolesFr } from './api';
import { Groupes } from './Groupes';
import { Habilitations } from './Habilitations';
import { PersonnesMorales } from './PersonnesMorales';

/** Spec part 1 §2 'recherche': the directory, for CNAOL and animateurs. */
export default function RecherchePage() {
  return (
    <Stack p="md">
      <Title order={2}>Annuaire</Title>
      <Tabs defaultValue="morales" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="morales">Personnes morales</Tabs.Tab>
          <Tabs.Tab value="physiques">Personnes physiques</Tabs.Tab>
          <Tabs.Tab value="habilitations">Habilitations</Tabs.Tab>
          <Tabs.Tab value="groupes">Groupes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="morales" pt="md">
          <PersonnesMorales />
        </Tabs.Panel>
        <Tabs.Panel value="physiques" pt="md">
          <PersonnesPhysiques />
        </Tabs.Panel>
        <Tabs.Panel value="habilitations" pt="md">
          <Habilitations />
        </Tabs.Panel>
        <Tabs.Panel value="groupes" pt="md">
          <Groupes />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function PersonnesPhysiques() {
  const navigate = useNavigate();
  const [nom, setNom] = useState('');
  const requete = useRequetePaginee({
    cle: 'personne-physique',
    appel: 'GET /api/personne-physique',
    filtres: { nom },
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Nom"
          value={nom}
          onChange={(e) => setNom(e.currentTarget.value)}
          w={320}
        />
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
        onRowClick={(p) => void navigate(`/recherche/physique/${p.id}`)}
        columns={[
          { accessor: 'nom', title: 'Nom', sortable: true },
          { accessor: 'prenom', title: 'Prénom', sortable: true },
          { accessor: 'mail', title: 'Mail', sortable: true },
          { accessor: 'organisme', title: 'Organisme' },
          { accessor: 'roles', title: 'Rôles', render: (p) => rolesFr(p.roles) },
        ]}
      />
    </Stack>
  );
}
