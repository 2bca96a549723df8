import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { SiteOperateur } from '../types';
import { gps, jourMois, lignesAdresse, telephone } from './affichage';

const periode = (s: SiteOperateur) =>
  s.debutUtilisation || s.finUtilisation
    ? `du ${jourMois(s.debutUtilisation)} au ${jourMois(s.finUtilisation)}`
    : '';

/** The operator's sites, or 'Aucun site à afficher'. */
interface Props {
  sites: readonly SiteOperateur[];
  /** AOP-IGP labels by id, for the chips. */
  libellesAop: ReadonlyMap<string, string>;
}

export function CarteSites({ sites, libellesAop }: Props) {
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Sites
      </Title>
      {sites.length === 0 ? (
        <Text c="dimmed">Aucun site à afficher</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nom</Table.Th>
                <Table.Th>EDE</Table.Th>
                <Table.Th>AOP</Table.Th>
                <Table.Th>Adresse</Table.Th>
                <Table.Th>GPS</Table.Th>
                <Table.Th>Période d'utilisation</Table.Th>
                <Table.Th>Contact</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sites.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.libelle}</Table.Td>
                  <Table.Td>{s.ede}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {s.aopIds.map((id) => (
                        <Badge key={id} variant="light" size="sm">
                          {libellesAop.get(id) ?? id}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{lignesAdresse(s).join(', ')}</Table.Td>
                  <Table.Td>{gps(s.latitude, s.longitude)}</Table.Td>
                  <Table.Td>{periode(s)}</Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm">{telephone(s.telephone)}</Text>
                      <Text size="sm">{s.mail}</Text>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
