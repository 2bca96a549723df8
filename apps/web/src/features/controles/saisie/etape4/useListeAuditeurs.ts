import { useEffect, useState } from 'react';
import { estErreurReseau, toastErreurServeur } from '../../../../lib/api';
import { useConnectivite } from '../../../../offline/connectivity';
import { choisirDroit, useSession } from '../../../../offline/session/session';
import { lireAuditeursEnCache, telechargerAuditeurs, type ListeAuditeurs } from './auditeurs';

export interface EtatListeAuditeurs {
  liste: ListeAuditeurs | null;
  chargement: boolean;
  /** The list shown is the device's copy (offline, or the server could not be reached). */
  horsLigne: boolean;
}

/**
 * The auditors of the active right's ODG while the dialog is open: the device's copy at once,
 * replaced by a fresh one when online. Offline the copy is all there is, with its date.
 */
export function useListeAuditeurs(ouvert: boolean): EtatListeAuditeurs {
  const { enLigne } = useConnectivite();
  const { principal, droitActifId } = useSession();
  const odgId = choisirDroit(principal, droitActifId)?.odgId ?? null;
  const [etat, setEtat] = useState<EtatListeAuditeurs>({
    liste: null,
    chargement: false,
    horsLigne: false,
  });

  useEffect(() => {
    if (!ouvert || !odgId) return;
    let actif = true;
    const maj = (e: EtatListeAuditeurs) => {
      if (actif) setEtat(e);
    };
    void (async () => {
      const copie = (await lireAuditeursEnCache(odgId).catch(() => undefined)) ?? null;
      maj({ liste: copie, chargement: enLigne, horsLigne: !enLigne });
      if (!enLigne) return;
      try {
        maj({ liste: await telechargerAuditeurs(odgId), chargement: false, horsLigne: false });
      } catch (e) {
        // Unreachable: the device's copy is the answer. Anything else the user must hear of.
        if (!estErreurReseau(e)) toastErreurServeur(e);
        maj({ liste: copie, chargement: false, horsLigne: true });
      }
    })();
    return () => {
      actif = false;
    };
  }, [ouvert, odgId, enLigne]);

  return etat;
}
