import {
  Badge,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import type { GrilleParametrage, SystemeParametrage } from '@estive/contracts';
import {
  construireGrille,
  LIBELLES_CONFORMITE,
  LIBELLES_GRAVITE,
  messageErreurFormule,
  saisirValeurExploitation,
  type Grille,
  estCleDe,
} from '@estive/domain';

/** The grid of one label as a device would build it from the settings as they are now. */
function grilleDe(
  grille: GrilleParametrage,
  systeme: SystemeParametrage,
  aop: { id: string; libelle: string },
): Grille {
  return construireGrille({
    aopIgps: [aop],
    categories: grille.categories,
    pointsControle: grille.points,
    pointsControleAop: grille.points.flatMap((p) =>
      p.aops.filter((a) => a.actif).map((a) => ({ ...a, pointControleId: p.id })),
    ),
    groupesSysExp: systeme.groupes,
    pointsSysExp: systeme.groupes.flatMap((g) =>
      g.points.map((l) => ({ ...l, groupeSystemeExploitationId: g.id })),
    ),
  });
}

/**
 * Aperçu: the grid engine of the tablet run on sample figures typed here, so a formula or a
 * threshold can be tried before a controller meets it. Nothing is saved.
 */
export function Apercu({
  grille,
  systeme,
}: {
  grille: GrilleParametrage;
  systeme: SystemeParametrage;
}) {
  const [aopId, setAopId] = useState<string | null>(grille.aopIgps[0]?.id ?? null);
  const aop = grille.aopIgps.find((a) => a.id === aopId) ?? null;
  const base = useMemo(() => (aop ? grilleDe(grille, systeme, aop) : null), [grille, systeme, aop]);
  const [saisies, setSaisies] = useState<Record<string, string>>({});
  const { calculee, erreurs } = useMemo(() => {
    let g = base;
    const messages: string[] = [];
    if (!g) return { calculee: null, erreurs: messages };
    for (const [code, valeur] of Object.entries(saisies)) {
      const r = saisirValeurExploitation(g, code, valeur);
      g = r.grille;
      messages.push(...r.erreurs.map(messageErreurFormule));
    }
    return { calculee: g, erreurs: [...new Set(messages)] };
  }, [base, saisies]);

  const lies = (calculee?.categories ?? []).flatMap((c) =>
    c.points.flatMap((p) => p.aops.filter((e) => e.exploitationCode).map((e) => ({ p, e }))),
  );
  return (
    <Stack gap="sm">
      <Group>
        <Select
          label="AOP-IGP"
          data={grille.aopIgps.map((a) => ({ value: a.id, label: a.libelle }))}
          value={aopId}
          allowDeselect={false}
          onChange={(v) => {
            setAopId(v);
            setSaisies({});
          }}
          w={280}
        />
        <Text c="dimmed" size="sm" maw={640}>
          Saisissez des chiffres d'exemple : les lignes calculées et les points liés sont évalués
          comme sur la tablette. Rien n'est enregistré.
        </Text>
      </Group>
      {erreurs.map((m) => (
        <Text key={m} c="red" size="sm">
          {m}
        </Text>
      ))}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Stack gap="xs">
          {(calculee?.groupesSysExploitation ?? []).map((g) => (
            <Card key={g.id} withBorder padding="xs">
              <Title order={5} mb={4}>
                {g.libelle}
              </Title>
              {g.points.map((l) => (
                <Group key={l.id} gap="xs" wrap="nowrap" mb={4}>
                  <Text ff="monospace" w={60} size="sm">
                    {l.code}
                  </Text>
                  <Text size="sm" style={{ flex: 1 }}>
                    {l.libelle}
                  </Text>
                  {l.formule ? (
                    <Text ff="monospace" size="sm" w={200} aria-label={`Valeur ${l.code}`}>
                      = {l.valeur ?? '—'} {l.unite}
                    </Text>
                  ) : (
                    <TextInput
                      size="xs"
                      w={200}
                      aria-label={`Exemple ${l.code}`}
                      value={saisies[l.code] ?? ''}
                      rightSection={<Text size="xs">{l.unite}</Text>}
                      rightSectionWidth={60}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setSaisies((s) => ({ ...s, [l.code]: v }));
                      }}
                    />
                  )}
                </Group>
              ))}
            </Card>
          ))}
        </Stack>
        <Table withTableBorder aria-label="Points évalués">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Point</Table.Th>
              <Table.Th>Ligne</Table.Th>
              <Table.Th>Valeur</Table.Th>
              <Table.Th>Verdict</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lies.map(({ p, e }) => (
              <Table.Tr key={p.id} data-code={p.code}>
                <Table.Td>
                  {p.code} — {p.libelle}
                </Table.Td>
                <Table.Td ff="monospace">{e.exploitationCode}</Table.Td>
                <Table.Td>{e.saisie.valeur ?? '—'}</Table.Td>
                <Table.Td>
                  {e.saisie.conformite ? (
                    <Badge color={e.saisie.conformite === 'NC' ? 'red' : 'green'}>
                      {LIBELLES_CONFORMITE[e.saisie.conformite]}
                      {e.saisie.gravite && estCleDe(LIBELLES_GRAVITE, e.saisie.gravite)
                        ? ` — ${LIBELLES_GRAVITE[e.saisie.gravite]}`
                        : ''}
                    </Badge>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {lies.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>Aucun résultat</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </Stack>
  );
}
