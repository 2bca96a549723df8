import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../../offline/db';
import { appliquerSecours } from '../etat/secours';
import type { ControleSaisi, OperateurSaisi } from '../types';

export type EtatVisite =
  | { statut: 'chargement' }
  | { statut: 'introuvable' }
  | { statut: 'pret'; controles: ControleSaisi[] };

/** `?ids=1,2,3` → ['1', '2', '3'] (blank entries dropped). */
export const lireIds = (param: string | null): string[] =>
  (param ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * The controls of the visit, read ONCE from the device: the form then owns the draft, and a live
 * query would overwrite the controller's typing with the last saved copy.
 */
export function useControlesVisite(ids: readonly string[]): EtatVisite {
  const cle = ids.join(',');
  const [etat, setEtat] = useState<EtatVisite>({ statut: 'chargement' });
  useEffect(() => {
    let actif = true;
    const liste = cle.split(',').filter(Boolean);
    // A draft rescued when the page was last closed goes to the store first (etat/secours).
    void appliquerSecours(db, liste)
      .then(() => db.controles.bulkGet(liste))
      .then((trouves) => {
        if (!actif) return;
        const controles = trouves.filter((c): c is ControleSaisi => c !== undefined);
        setEtat(
          controles.length === 0 || controles.length !== liste.length
            ? { statut: 'introuvable' }
            : { statut: 'pret', controles },
        );
      });
    return () => {
      actif = false;
    };
  }, [cle]);
  return etat;
}

/** The operator, live: contact edits saved in step 1 show at once (undefined while loading, null if absent). */
export function useOperateur(id: string | undefined): OperateurSaisi | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.annuaire.get(id)) ?? null) : undefined), [id]);
}
