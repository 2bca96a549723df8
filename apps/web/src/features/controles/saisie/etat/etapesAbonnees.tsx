import { memo, useMemo } from 'react';
import { DialoguesGrille } from '../dialogues/DialoguesGrille';
import { Etape3PlanProgres } from '../etape3/Etape3PlanProgres';
import { validerGrille, validerPlanProgres } from '../grille/moteur';
import type { ManquementGrille } from '../grille/types';
import type { SyntheseAop } from '../etape4/synthese';
import type { ControleSaisi } from '../types';
import { useSelectionGrille, type StoreGrille } from './storeGrille';
import { differe } from '../../../../lib/import-differe';

type Synthese = Record<string, SyntheseAop>;

// Step 4 brings the PDF engine: loaded only when the controller gets there.
const Etape4 = differe(() => import('../etape4/Etape4Synthese'));

/* Steps 3 and 4 and the dialogs read the grid from the store; only the mounted step subscribes. */

export const Etape3Abonnee = memo(function Etape3Abonnee({
  store,
  ...p
}: {
  store: StoreGrille;
  precedents: Parameters<typeof Etape3PlanProgres>[0]['precedents'];
  onChange: (key: string, saisie: ManquementGrille['saisie']) => void;
}) {
  const manquements = useSelectionGrille(store, (g) => g.manquements);
  return <Etape3PlanProgres manquements={manquements} {...p} />;
});

export function Etape4Abonnee({
  store,
  ...p
}: {
  store: StoreGrille;
  controles: ControleSaisi[];
  synthese: Synthese;
  onSyntheseChange: (s: Synthese) => void;
  lectureSeule: boolean;
}) {
  const grille = useSelectionGrille(store, (g) => g);
  const valide = useMemo(
    () => validerGrille(grille).valide && validerPlanProgres(grille).valide,
    [grille],
  );
  return <Etape4 grille={grille} formulaireValide={valide} {...p} />;
}

export function DialoguesAbonnes({
  store,
  dialogue,
  ...p
}: Omit<Parameters<typeof DialoguesGrille>[0], 'grille'> & { store: StoreGrille }) {
  // Closed, the dialogs need no grid: typing on step 2 does not re-render them.
  const grille = useSelectionGrille(store, (g) => (dialogue ? g : null)) ?? store.get();
  return <DialoguesGrille dialogue={dialogue} grille={grille} {...p} />;
}
