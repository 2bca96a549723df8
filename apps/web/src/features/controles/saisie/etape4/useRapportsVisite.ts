import { useCallback, useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { erreurApercu } from '@estive/domain';
import { db, type ControleLocal } from '../../../../offline/db';
import { estAgentMobile, type Grille, type SyntheseAop } from '../../../rapport';
import {
  documentsVisite,
  majDocument,
  useDocumentsVisite,
  viderDocuments,
  type EtatDocument,
} from './documents';
import {
  chargerContexte,
  compterPagesRapport,
  genererRapport,
  type ContexteVisite,
} from './rapportAop';
import { syntheseDe } from './synthese';

/** Spec part 2 §9: no preview is generated on mobile user agents. */
export const MOBILE = estAgentMobile(navigator.userAgent);

/**
 * The reports of a visit's AOP-IGPs: generated once on arrival at step 4 (not on mobile), then
 * on demand (refresh, download, after each signature). The latest synthesis is passed
 * explicitly because the parent's state has not caught up yet right after a signature.
 */
export function useRapportsVisite(
  controles: ControleLocal[],
  grille: Grille,
  synthese: Record<string, SyntheseAop>,
) {
  const documents = useDocumentsVisite();
  const contexte = useRef<Promise<ContexteVisite> | null>(null);
  const courant = useRef({ controles, grille, synthese });
  const monte = useRef(true);
  useEffect(() => {
    courant.current = { controles, grille, synthese };
  }, [controles, grille, synthese]);

  const generer = useCallback(
    async (aopIgpId: string, s?: SyntheseAop): Promise<EtatDocument | null> => {
      const { controles: cs, grille: g, synthese: toutes } = courant.current;
      const ouvert = cs.find((c) => c.aopIgp.id === aopIgpId);
      if (!ouvert) return null;
      // As stored: the date may have changed in step 1 since the form opened.
      const controle = (await db.controles.get(ouvert.id)) ?? ouvert;
      // The previous preview stays on screen while the new one is made.
      const ancien = documentsVisite.get()[aopIgpId];
      majDocument(
        aopIgpId,
        ancien
          ? { ...ancien, statut: 'generation' }
          : { statut: 'generation', blob: null, url: null, pages: 0, fileName: '' },
      );
      try {
        contexte.current ??= chargerContexte(cs);
        const r = await genererRapport(
          controle,
          g,
          s ?? syntheseDe(toutes, aopIgpId),
          await contexte.current,
        );
        // Left step 4 meanwhile: nothing is shown any more, keep no blob URL alive.
        if (!monte.current) return null;
        const etat: EtatDocument = {
          statut: 'pret',
          blob: r.blob,
          url: MOBILE ? null : URL.createObjectURL(r.blob),
          pages: r.pages,
          fileName: r.fileName,
        };
        majDocument(aopIgpId, etat);
        return etat;
      } catch (e) {
        console.error(e);
        if (!monte.current) return null;
        // A failed context read (operator missing) must be retried next time, not remembered.
        contexte.current = null;
        majDocument(aopIgpId, { statut: 'erreur', blob: null, url: null, pages: 0, fileName: '' });
        notifications.show({
          color: 'red',
          message: erreurApercu(controle.aopIgp.libelle),
          autoClose: 5000,
        });
        return null;
      }
    },
    [],
  );

  /**
   * The page count of an AOP-IGP's report once signed as `s` says (the audited parties' dialog
   * passes its draft signers), from the stored control like `generer`.
   */
  const compter = useCallback(async (aopIgpId: string, s: SyntheseAop): Promise<number> => {
    const { controles: cs, grille: g } = courant.current;
    const ouvert = cs.find((c) => c.aopIgp.id === aopIgpId);
    if (!ouvert) throw new Error(`Aucun contrôle pour l'AOP-IGP ${aopIgpId}`);
    const controle = (await db.controles.get(ouvert.id)) ?? ouvert;
    try {
      contexte.current ??= chargerContexte(cs);
      return await compterPagesRapport(controle, g, s, await contexte.current);
    } catch (e) {
      contexte.current = null;
      throw e;
    }
  }, []);

  const aopIds = controles.map((c) => c.aopIgp.id).join(',');
  useEffect(() => {
    monte.current = true;
    if (!MOBILE) {
      // Sequential: one PDF engine run at a time keeps a tablet responsive.
      void (async () => {
        for (const id of aopIds.split(',').filter(Boolean)) await generer(id);
      })();
    }
    return () => {
      monte.current = false;
      viderDocuments();
    };
  }, [aopIds, generer]);

  return { documents, generer, compter };
}
