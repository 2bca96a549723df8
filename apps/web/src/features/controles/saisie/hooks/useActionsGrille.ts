import { useCallback, useMemo, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import type { StoreGrille } from '../etat/storeGrille';
import {
  ignorerGroupe,
  messageErreurFormule,
  saisirManquement,
  saisirPoint,
  saisirValeurExploitation,
} from '../grille/moteur';
import type { ClePoint, ErreurFormule, ManquementGrille, SaisiePoint } from '../grille/types';

/** Spec part 2 §8-§9: missing code 10 s; formula in error 5 s, at most one every 2 s. */
export const DUREE_CODE_ABSENT_MS = 10_000;
export const DUREE_ERREUR_CALCUL_MS = 5_000;
export const INTERVALLE_ERREUR_CALCUL_MS = 2_000;

/** The domain's wording, re-exported for the screens and tests that imported it from here. */
export { messageErreurFormule };

/**
 * The grid edits of the page as stable callbacks (memoised rows keep their props equal). Each
 * applies a pure updater of the domain's engine to the grid store; formula errors found on the
 * way become toasts.
 */
export function useActionsGrille(store: StoreGrille) {
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
      // The store applies the updater at once (no queued render): its errors are this edit's.
      let erreurs: ErreurFormule[] = [];
      store.set((g) => {
        const r = saisirValeurExploitation(g, code, texte);
        erreurs = r.erreurs;
        return r.grille;
      });
      signaler(erreurs);
    },
    [store, signaler],
  );
  const onIgnorerGroupe = useCallback(
    (id: string, ignore: boolean) => store.set((g) => ignorerGroupe(g, id, ignore).grille),
    [store],
  );
  const onSaisie = useCallback(
    (cle: ClePoint, patch: Partial<SaisiePoint>) =>
      store.set((g) => saisirPoint(g, cle, patch).grille),
    [store],
  );
  const onManquement = useCallback(
    (key: string, saisie: ManquementGrille['saisie']) =>
      store.set((g) => saisirManquement(g, key, saisie)),
    [store],
  );
  return useMemo(
    () => ({ onValeurExploitation, onIgnorerGroupe, onSaisie, onManquement }),
    [onValeurExploitation, onIgnorerGroupe, onSaisie, onManquement],
  );
}
