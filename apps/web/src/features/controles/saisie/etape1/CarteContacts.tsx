import { Card, Table, Text, Title } from '@mantine/core';
import type { ContactOperateur } from '../types';
import { telephone } from './affichage';

const CIVILITES = { MONSIEUR: 'Monsieur', MADAME: 'Madame' } as const;

/** Contacts linked to the operator, or 'Aucun contact lié'. */
export function CarteContacts({ contacts }: { contacts: readonly ContactOperateur[] }) {
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Contacts liés
      </Title>
      {contacts.length === 0 ? (
        <Text c="dimmed">Aucun contact lié</Text>
      ) : (
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Civilité</Table.Th>
              <Table.Th>Nom</Table.Th>
              <Table.Th>Téléphones</Table.Th>
              <Table.Th>Fonction</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.civilite ? CIVILITES[c.civilite] : ''}</Table.Td>
                <Table.Td>{[c.prenom, c.nom].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td>
                  {[c.telephone1, c.telephone2].filter(Boolean).map(telephone).join(' / ')}
                </Table.Td>
                <Table.Td>{c.fonction}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
