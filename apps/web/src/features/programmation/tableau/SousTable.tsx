import { Table, Text } from '@mantine/core';
import { formaterDateHeure, LIBELLES_STATUT_CONTROLE, libelleNiveau } from '@estive/domain';
import type { LigneDashboard } from '../types';

/**
 * The sub-table of a round: raison sociale, AOP-IGP, date, site, niveau, activités (spec part 1
 * §2), and each control's status, which the office follows once the round is out.
 */
export function SousTable({ lignes }: { lignes: LigneDashboard['controles'] }) {
  if (lignes.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        Aucun contrôle dans cette tournée
      </Text>
    );
  }
  return (
    <Table withRowBorders striped fz="sm" bg="var(--mantine-color-gray-0)">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Raison sociale</Table.Th>
          <Table.Th>AOP-IGP</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>Site</Table.Th>
          <Table.Th>Niveau</Table.Th>
          <Table.Th>Activités</Table.Th>
          <Table.Th>Statut</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lignes.map((l) => (
          <Table.Tr key={l.id}>
            <Table.Td>{l.raisonSociale}</Table.Td>
            <Table.Td>{l.aopIgp.libelle}</Table.Td>
            <Table.Td>{formaterDateHeure(l.date)}</Table.Td>
            <Table.Td>{l.sites.map((x) => x.libelle).join(', ')}</Table.Td>
            <Table.Td>{libelleNiveau(l.niveau)}</Table.Td>
            <Table.Td>{l.activites.map((x) => x.libelle).join(', ')}</Table.Td>
            <Table.Td>{LIBELLES_STATUT_CONTROLE[l.statut]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
