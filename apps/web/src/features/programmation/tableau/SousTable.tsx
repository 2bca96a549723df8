import { Table, Text } from '@mantine/core';
import { formaterDateHeure, LIBELLES_STATUT_CONTROLE, libelleNiveau } from '@estive/domain';
import { RaisonAbandon } from '../../../ui/RaisonAbandon';
import type { LigneDashboard } from '../types';

/**
 * The sub-table of a round: raison sociale, AOP-IGP, date, site, niveau, activités (spec part 1
 * §2), and each control's status, which the office follows once the round is out, with the
 * reason the controller gave when he cancelled it.
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
            <Table.Td maw={280}>
              {LIBELLES_STATUT_CONTROLE[l.statut]}
              <RaisonAbandon statut={l.statut} raison={l.raisonAbandon} compact />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
