import { Accordion, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  GrilleParametrage,
  PointControleParametrage,
  SeuilsEcriture,
} from '@estive/contracts';
import { toastErreurServeur } from '../../../lib/api';
import { useSession } from '../../../offline/session/session';
import { CHEMIN_EXPORT_POINTS, lireSysteme, modifierPoint, telecharger } from '../api';
import { DialoguePoint } from './DialoguePoint';
import { DialogueSeuils } from './DialogueSeuils';

const seuilTexte = (s: SeuilsEcriture[keyof SeuilsEcriture]) =>
  s ? `${s.operateur} ${String(s.valeur).replace('.', ',')}` : '—';

/**
 * Categories and their control points; for each of the ODG's labels, the point's thresholds
 * (Seuils button). Categories and points themselves are national (edited by CNAOL).
 */
export function PointsControle({ grille }: { grille: GrilleParametrage }) {
  const { data: systeme } = useQuery({
    queryKey: ['parametrage', 'systeme'],
    queryFn: lireSysteme,
  });
  // Categories and points are national: only CNAOL edits them (the server checks it too).
  const national = useSession().principal?.roles.includes('ROLE_CNAOL') ?? false;
  const [nouveau, setNouveau] = useState(false);
  const client = useQueryClient();
  const archiver = useMutation({
    mutationFn: (p: PointControleParametrage) => modifierPoint(p.id, { archive: !p.archive }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['parametrage', 'grille'] }),
    onError: (e) => toastErreurServeur(e),
  });
  const [edition, setEdition] = useState<{
    point: PointControleParametrage;
    aop: { id: string; libelle: string };
  } | null>(null);
  const lignes = (systeme?.groupes ?? []).flatMap((g) =>
    g.points
      .filter((l) => !l.archive)
      .map((l) => ({ value: l.id, label: `${l.code} — ${l.libelle} (${g.libelle})` })),
  );
  const codeLigne = new Map(
    (systeme?.groupes ?? []).flatMap((g) => g.points.map((l) => [l.id, l.code] as const)),
  );
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => void telecharger(CHEMIN_EXPORT_POINTS).catch(toastErreurServeur)}
        >
          Exporter
        </Button>
        {national && <Button onClick={() => setNouveau(true)}>Nouveau point</Button>}
      </Group>
      <Accordion
        multiple
        variant="separated"
        defaultValue={grille.categories.slice(0, 1).map((c) => c.id)}
      >
        {grille.categories.map((c) => {
          const points = grille.points.filter((p) => p.categorieId === c.id);
          return (
            <Accordion.Item key={c.id} value={c.id}>
              <Accordion.Control>
                {c.libelle}{' '}
                <Text span c="dimmed" size="sm">
                  ({points.length})
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Table withTableBorder striped aria-label={`Points de la catégorie ${c.libelle}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={90}>Code</Table.Th>
                      <Table.Th>Libellé</Table.Th>
                      <Table.Th w={120}>Source</Table.Th>
                      <Table.Th>Seuils par AOP-IGP (grave / majeur / mineur)</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {points.map((p) => (
                      <Table.Tr key={p.id} data-code={p.code} opacity={p.archive ? 0.55 : 1}>
                        <Table.Td ff="monospace">{p.code}</Table.Td>
                        <Table.Td>
                          {p.libelle}{' '}
                          {p.archive && (
                            <Badge color="gray" size="xs">
                              Archivé
                            </Badge>
                          )}
                          {national && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              ml="xs"
                              onClick={() => archiver.mutate(p)}
                            >
                              {p.archive ? 'Désarchiver' : 'Archiver'}
                            </Button>
                          )}
                        </Table.Td>
                        <Table.Td>{p.source}</Table.Td>
                        <Table.Td>
                          <Stack gap={4}>
                            {grille.aopIgps.map((a) => {
                              const lien = p.aops.find((x) => x.aopIgpId === a.id);
                              return (
                                <Group key={a.id} gap="xs" wrap="nowrap">
                                  <Button
                                    size="compact-xs"
                                    variant={lien?.actif ? 'light' : 'default'}
                                    aria-label={`Seuils ${p.code} ${a.libelle}`}
                                    onClick={() => setEdition({ point: p, aop: a })}
                                  >
                                    {a.libelle}
                                  </Button>
                                  {lien?.actif ? (
                                    <Text size="xs" ff="monospace">
                                      {seuilTexte(lien.seuil.grave)} /{' '}
                                      {seuilTexte(lien.seuil.majeur)} /{' '}
                                      {seuilTexte(lien.seuil.mineur)}
                                      {lien.pointSystemeExploitationId &&
                                        ` ← ${codeLigne.get(lien.pointSystemeExploitationId) ?? '?'}`}
                                    </Text>
                                  ) : (
                                    <Text size="xs" c="dimmed">
                                      {lien ? 'désactivé' : 'non lié'}
                                    </Text>
                                  )}
                                </Group>
                              );
                            })}
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {nouveau && <DialoguePoint categories={grille.categories} fermer={() => setNouveau(false)} />}
      {edition && (
        <DialogueSeuils
          point={edition.point}
          aop={edition.aop}
          lignes={lignes}
          fermer={() => setEdition(null)}
        />
      )}
    </Stack>
  );
}
