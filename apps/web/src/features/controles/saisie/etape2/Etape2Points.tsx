import { memo, useMemo, useState } from 'react';
import { Indicator, Stack, Tabs, Text } from '@mantine/core';
import type { ClePoint, Grille, PointGrille, SaisiePoint } from '../grille/types';
import { categorieCompleteMemo, groupeCompletMemo } from '../grille/moteur';
import { useSelectionGrille, type StoreGrille } from '../etat/storeGrille';
import { LectureSeule } from '../composants/LectureSeule';
import { GroupeExploitation } from './GroupeExploitation';
import { LignePoint } from './LignePoint';
import { at, groupeA, pointA } from '@estive/domain';

export const ONGLET_SYSEXP = 'sysexp';

interface Actions {
  gravites: ReadonlyMap<string, string | null | undefined>;
  onSaisie: (cle: ClePoint, patch: Partial<SaisiePoint>) => void;
  onDetail: (cle: ClePoint) => void;
  onReference: (point: PointGrille) => void;
}

interface Props extends Actions {
  store: StoreGrille;
  extranet: boolean;
  /** Signed or finalised: the tabs still browse, every field is disabled. */
  lectureSeule?: boolean;
  onValeurExploitation: (code: string, texte: string) => void;
  onIgnorerGroupe: (groupeId: string, ignore: boolean) => void;
}

const systemeComplet = (g: Grille) => g.groupesSysExploitation.every(groupeCompletMemo);

/** A tab title with its red marker; subscribed to its own completeness (a boolean) only. */
const Onglet = memo(function Onglet({
  store,
  libelle,
  complet,
}: {
  store: StoreGrille;
  libelle: string;
  complet: (g: Grille) => boolean;
}) {
  const incomplet = !useSelectionGrille(store, complet);
  return (
    <Indicator color="red" size={10} disabled={!incomplet} offset={-4} data-incomplet={incomplet}>
      <Text size="sm" pr={incomplet ? 6 : 0}>
        {libelle}
      </Text>
    </Indicator>
  );
});

/** A control point row fed by its own slice of the grid: a keystroke re-renders this row only. */
const LignePointAbonnee = memo(function LignePointAbonnee({
  store,
  categorie,
  index,
  ...p
}: Actions & {
  store: StoreGrille;
  categorie: number;
  index: number;
  unites: ReadonlyMap<string, string | null>;
}) {
  const point = useSelectionGrille(store, (g) => pointA(g, { categorie, point: index }));
  return <LignePoint point={point} {...p} />;
});

const Categorie = memo(function Categorie({
  store,
  categorie,
  ids,
  ...p
}: Actions & { store: StoreGrille; categorie: number; ids: readonly string[] }) {
  // The unit of each exploitation line, for the verdicts of the points it feeds. The groups only
  // change while typing on the exploitation tab, when no category is mounted.
  const groupes = useSelectionGrille(store, (g) => g.groupesSysExploitation);
  const unites = useMemo(
    () =>
      new Map(
        groupes.flatMap((g) => g.points.map((l) => [l.code.toLowerCase(), l.unite] as const)),
      ),
    [groupes],
  );
  return (
    <Stack gap="xs">
      {ids.map((id, index) => (
        <LignePointAbonnee
          key={id}
          store={store}
          categorie={categorie}
          index={index}
          unites={unites}
          {...p}
        />
      ))}
    </Stack>
  );
});

const GroupeAbonne = memo(function GroupeAbonne({
  store,
  index,
  ...p
}: {
  store: StoreGrille;
  index: number;
  extranet: boolean;
  onValeur: (code: string, texte: string) => void;
  onIgnorer: (groupeId: string, ignore: boolean) => void;
}) {
  const groupe = useSelectionGrille(store, (g) => groupeA(g, index));
  return <GroupeExploitation groupe={groupe} {...p} />;
});

/**
 * Step 2 'Point de contrôle': "Système d'exploitation" then one tab per category. Only the active
 * tab is mounted (keepMounted off), and nothing here subscribes to the grid: the tabs, their
 * markers and each row read their own slice from the store, so a keystroke re-renders the edited
 * row (and a marker when it flips), never the Tabs whose context Mantine propagates to every row.
 */
export const Etape2Points = memo(function Etape2Points({
  store,
  extranet,
  onValeurExploitation,
  onIgnorerGroupe,
  lectureSeule = false,
  ...p
}: Props) {
  const [onglet, setOnglet] = useState<string | null>(ONGLET_SYSEXP);
  // The structure (tabs, rows, groups) never changes while entering, only values do (the
  // domain's grid index relies on it too): the layout is read once.
  const structure = useMemo(() => {
    const g = store.get();
    return {
      categories: g.categories.map((c, i) => ({
        id: c.id,
        libelle: c.libelle,
        ids: c.points.map((pt) => pt.id),
        complet: (x: Grille) => categorieCompleteMemo(at(x.categories, i)),
      })),
      groupes: g.groupesSysExploitation.map((gr) => gr.id),
    };
  }, [store]);
  return (
    <Tabs value={onglet} onChange={setOnglet} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value={ONGLET_SYSEXP} h={48}>
          <Onglet store={store} libelle="Système d'exploitation" complet={systemeComplet} />
        </Tabs.Tab>
        {structure.categories.map((c) => (
          <Tabs.Tab key={c.id} value={c.id} h={48}>
            <Onglet store={store} libelle={c.libelle} complet={c.complet} />
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={ONGLET_SYSEXP} pt="sm">
        <LectureSeule actif={lectureSeule}>
          <Stack gap="sm">
            {structure.groupes.map((id, index) => (
              <GroupeAbonne
                key={id}
                store={store}
                index={index}
                extranet={extranet}
                onValeur={onValeurExploitation}
                onIgnorer={onIgnorerGroupe}
              />
            ))}
          </Stack>
        </LectureSeule>
      </Tabs.Panel>
      {structure.categories.map((c, index) => (
        <Tabs.Panel key={c.id} value={c.id} pt="sm">
          <LectureSeule actif={lectureSeule}>
            <Categorie store={store} categorie={index} ids={c.ids} {...p} />
          </LectureSeule>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
});
