import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { PersonneMoraleLigne } from '@estive/contracts';
import { formaterSiret } from '@estive/domain';
import { avecToastErreurServeur } from '../../lib/api';
import { TablePaginee } from '../../ui/TablePaginee';
import { useRequetePaginee } from '../../ui/useRequetePaginee';
import { telecharger } from './api';
import { Groupes } from './Groupes';

const VIDE = { raisonSociale: '', siret: '', codePostal: '', ville: '', mail: '', isHabilite: '' };

function PersonnesMorales() {
  const navigate = useNavigate();
  const [f, setF] = useState(VIDE);
  const requete = useRequetePaginee<PersonneMoraleLigne>({
    cle: 'personne-morale',
    chemin: '/api/personne-morale',
    filtres: f,
  });
  const champ = (cle: keyof typeof VIDE, label: string) => (
    <TextInput
      label={label}
      value={f[cle]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setF((x) => ({ ...x, [cle]: v }));
      }}
    />
  );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 6 }}>
        {champ('raisonSociale', 'Raison sociale')}
        {champ('siret', 'Siret')}
        {champ('codePostal', 'Code postal')}
        {champ('ville', 'Ville')}
        {champ('mail', 'Mail')}
        <Select
          label="Habilité"
          clearable
          data={[
            { value: 'true', label: 'Oui' },
            { value: 'false', label: 'Non' },
          ]}
          value={f.isHabilite || null}
          onChange={(v) => setF((x) => ({ ...x, isHabilite: v ?? '' }))}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => void navigate('/recherche/morale/creation')}
        >
          Nouvelle personne morale
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          onClick={() =>
            void avecToastErreurServeur(
              telecharger(`/api/personne-morale/export?${requete.parametres.toString()}`),
            ).catch(() => undefined)
          }
        >
          Exporter
        </Button>
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

/** Spec part 1 §2 'recherche': the directory, for CNAOL and animateurs. */
export default function RecherchePage() {
  return (
    <Stack p="md">
      <Title order={2}>Annuaire</Title>
      <Tabs defaultValue="morales" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="morales">Personnes morales</Tabs.Tab>
          <Tabs.Tab value="physiques">Personnes physiques</Tabs.Tab>
          <Tabs.Tab value="groupes">Groupes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="morales" pt="md">
          <PersonnesMorales />
        </Tabs.Panel>
        <Tabs.Panel value="physiques" pt="md">
          <PersonnesPhysiques />
        </Tabs.Panel>
        <Tabs.Panel value="groupes" pt="md">
          <Groupes />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

interface PersonnePhysiqueLigne extends Record<string, unknown> {
  id: string;
  nom: string;
  prenom: string;
  mail: string | null;
  organisme: string | null;
  roles: string;
}

function PersonnesPhysiques() {
  const navigate = useNavigate();
  const [nom, setNom] = useState('');
  const requete = useRequetePaginee<PersonnePhysiqueLigne>({
    cle: 'personne-physique',
    chemin: '/api/personne-physique',
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
          { accessor: 'roles', title: 'Rôles' },
        ]}
      />
    </Stack>
  );
}
