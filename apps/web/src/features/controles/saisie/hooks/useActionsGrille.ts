import { useCallback, useMemo, useRef, type Dispatch } from 'react';
import { notifications } from '@mantine/notifications';
import type { ActionSaisie } from '../etat/saisieReducer';
import {
  ignorerGroupe,
  messageErreurFormule,
  saisirManquement,
  saisirPoint,
  saisirValeurExploitation,
} from '../grille/moteur';
import type {
  ClePoint,
  ErreurFormule,
  Grille,
  ManquementGrille,
  SaisiePoint,
} from '../grille/types';

/** Spec part 2 §8-§9: missing code 10 s; formula in error 5 s, at most one every 2 s. */
export const DUREE_CODE_ABSENT_MS = 10_000;
export const DUREE_ERREUR_CALCUL_MS = 5_000;
export const INTERVALLE_ERREUR_CALCUL_MS = 2_000;

/** The domain's wording, re-exported for the screens and tests that imported it from here. */
export { messageErreurFormule };

/**
 * The grid edits of the page as stable callbacks (memoised rows keep their props equal). Each
 * dispatches a pure updater; formula errors found on the way become toasts.
 */
export function useActionsGrille<S>(
  dispatch: Dispatch<ActionSaisie<Grille, S>>,
  /** The grid as last rendered: errors are found (and toasted) outside the reducer, which stays pure. */
  lireGrille: () => Grille,
) {
  const derniereErreurCalcul = useRef(0);
  const signaler = useCallback((erreurs: ErreurFormule[]) => {
    for (const e of erreurs) {
      // A missing code is the referential's fault, shown each time; a formula in error is throttled.
      if (e.erreur !== 'CODE_ABSENT') {
        const maintenant = Date.now();
        if (maintenant - derniereErreurCalcul.current < INTERVALLE_ERREUR_CALCUL_MS) continue;
        derniereErreurCalcul.current = maintenant;
        console.error('Erreur de calcul de formule', e);
      }
      notifications.show({
        color: 'red',
        message: messageErreurFormule(e),
        autoClose: e.erreur === 'CODE_ABSENT' ? DUREE_CODE_ABSENT_MS : DUREE_ERREUR_CALCUL_MS,
      });
    }
  }, []);

  const onValeurExploitation = useCallback(
    (code: string, texte: string) => {
      const base = lireGrille();
      const r = saisirValeurExploitation(base, code, texte);
      // Another edit may have landed since the last render: then recompute on the newer grid.
      dispatch({
        type: 'grille',
        maj: (g) => (g === base ? r.grille : saisirValeurExploitation(g, code, texte).grille),
      });
      signaler(r.erreurs);
    },
    [dispatch, signaler, lireGrille],
  );
  const onIgnorerGroupe = useCallback(
    (id: string, ignore: boolean) =>
      dispatch({ type: 'grille', maj: (g) => ignorerGroupe(g, id, ignore).grille }),
    [dispatch],
  );
  const onSaisie = useCallback(
    (cle: ClePoint, patch: Partial<SaisiePoint>) =>
      dispatch({ type: 'grille', maj: (g) => saisirPoint(g, cle, patch).grille }),
    [dispatch],
  );
  const onManquement = useCallback(
    (key: string, saisie: ManquementGrille['saisie']) =>
      dispatch({ type: 'grille', maj: (g) => saisirManquement(g, key, saisie) }),
    [dispatch],
  );
  return useMemo(
    () => ({ onValeurExploitation, onIgnorerGroupe, onSaisie, onManquement }),
    [onValeurExploitation, onIgnorerGroupe, onSaisie, onManquement],
  );
}
