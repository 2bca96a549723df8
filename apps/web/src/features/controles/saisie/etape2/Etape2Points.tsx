import { memo, useMemo, useState } from 'react';
import { Indicator, Stack, Tabs, Text } from '@mantine/core';
import type { CategorieGrille, ClePoint, Grille, PointGrille, SaisiePoint } from '../grille/types';
import { groupeComplet, pointComplet } from '../grille/moteur';
import { GroupeExploitation } from './GroupeExploitation';
import { LignePoint } from './LignePoint';

export const ONGLET_SYSEXP = 'sysexp';

interface Props {
  grille: Grille;
  extranet: boolean;
  gravites: ReadonlyMap<string, string | null | undefined>;
  onValeurExploitation: (code: string, texte: string) => void;
  onIgnorerGroupe: (groupeId: string, ignore: boolean) => void;
  onSaisie: (cle: ClePoint, patch: Partial<SaisiePoint>) => void;
  onDetail: (cle: ClePoint) => void;
  onReference: (point: PointGrille) => void;
}

const Onglet = ({ libelle, incomplet }: { libelle: string; incomplet: boolean }) => (
  <Indicator color="red" size={10} disabled={!incomplet} offset={-4} data-incomplet={incomplet}>
    <Text size="sm" pr={incomplet ? 6 : 0}>
      {libelle}
    </Text>
  </Indicator>
);

type PropsCategorie = Omit<
  Props,
  'grille' | 'extranet' | 'onValeurExploitation' | 'onIgnorerGroupe'
> & {
  categorie: CategorieGrille;
  unites: ReadonlyMap<string, string | null>;
};

const Categorie = memo(function Categorie({ categorie, ...p }: PropsCategorie) {
  return (
    <Stack gap="xs">
      {categorie.points.map((point) => (
        <LignePoint key={point.id} point={point} {...p} />
      ))}
    </Stack>
  );
});

/**
 * Step 2 'Point de contrôle': 'Systeme exploitation' then one tab per category. Only the active
 * tab is mounted (keepMounted off): a keystroke never re-renders the hidden tabs' rows.
 */
export function Etape2Points({
  grille,
  extranet,
  onValeurExploitation,
  onIgnorerGroupe,
  ...p
}: Props) {
  const [onglet, setOnglet] = useState<string | null>(ONGLET_SYSEXP);
  // The unit of each exploitation line, for the verdicts of the points it feeds. Rebuilt only when
  // the groups change, i.e. while typing on the exploitation tab, when no category is mounted.
  const unites = useMemo(
    () =>
      new Map(
        grille.groupesSysExploitation.flatMap((g) =>
          g.points.map((l) => [l.code.toLowerCase(), l.unite] as const),
        ),
      ),
    [grille.groupesSysExploitation],
  );
  return (
    <Tabs value={onglet} onChange={setOnglet} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value={ONGLET_SYSEXP} h={48}>
          <Onglet
            libelle="Systeme exploitation"
            incomplet={!grille.groupesSysExploitation.every(groupeComplet)}
          />
        </Tabs.Tab>
        {grille.categories.map((c) => (
          <Tabs.Tab key={c.id} value={c.id} h={48}>
            <Onglet libelle={c.libelle} incomplet={!c.points.every(pointComplet)} />
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={ONGLET_SYSEXP} pt="sm">
        <Stack gap="sm">
          {grille.groupesSysExploitation.map((g) => (
            <GroupeExploitation
              key={g.id}
              groupe={g}
              extranet={extranet}
              onValeur={onValeurExploitation}
              onIgnorer={onIgnorerGroupe}
            />
          ))}
        </Stack>
      </Tabs.Panel>
      {grille.categories.map((c) => (
        <Tabs.Panel key={c.id} value={c.id} pt="sm">
          <Categorie categorie={c} unites={unites} {...p} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
