import { Stack, Tabs, Title } from '@mantine/core';
import { Groupes } from './Groupes';
import { Habilitations } from './Habilitations';
import { PersonnesMorales } from './PersonnesMorales';
import { PersonnesPhysiques } from './PersonnesPhysiques';

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
