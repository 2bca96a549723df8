import { notifications } from '@mantine/notifications';
import { MESSAGES_SAISIE, resultatControle } from '@estive/domain';
import { sha256Hex } from '@estive/report';
import { db, type ControleLocal, type FichierLocal } from '../../../../offline/db';
import type { Grille, SyntheseAop } from '../../../rapport';
import { documentsGeneres, documentsVisite, type DocumentsVisite } from './documents';
import { chargerContexte, genererRapport, payloadRapport, type ContexteVisite } from './rapportAop';
import { estSignee, syntheseDe } from './synthese';

const DUREE_TOAST_MS = 5000;

export interface ArgsFinalisation {
  controles: ControleLocal[];
  grille: Grille;
  synthese: Record<string, SyntheseAop>;
  /** The reports generated on step 4; by default what Etape4Synthese last generated. */
  documents?: DocumentsVisite;
  /** The entry form's validity (grid complete, contact details valid). */
  formulaireValide?: boolean;
  /** The router's navigate; by default a history push the data router picks up. */
  naviguer?: (chemin: string) => void;
}

/** A control as finalised on the device: what the next sync pushes with its report. */
type ControleFinalise = ControleLocal & {
  grille: Grille;
  synthese: Record<string, SyntheseAop>;
  rapportSha256: string;
};

const echec = (title: string, message: string) =>
  notifications.show({ color: 'red', title, message, autoClose: DUREE_TOAST_MS });

function naviguerParHistorique(chemin: string) {
  window.history.pushState({}, '', chemin);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * The fingerprint printed in each page footer, and the file's sha256, cannot be the same hash:
 * a PDF cannot contain its own hash. So, in this order:
 *  1. `empreinte` = the first 12 hex chars of the sha256 of the report's content, the payload
 *     (signatures included) as JSON, before any fingerprint: anyone holding the control's data
 *     can recompute it, and it changes with any word or signature of the report;
 *  2. the final PDF is generated with it in its footer;
 *  3. `rapportSha256` (control and `fichiers`) = the sha256 of those final bytes, which the server
 *     checks on receipt and keeps for the stored file.
 */
async function rapportFinal(
  controle: ControleLocal,
  grille: Grille,
  synthese: SyntheseAop,
  contexte: ContexteVisite,
) {
  const contenu = payloadRapport(controle, grille, synthese, contexte);
  const empreinte = (await sha256Hex(new TextEncoder().encode(JSON.stringify(contenu)))).slice(
    0,
    12,
  );
  const rapport = await genererRapport(controle, grille, synthese, contexte, empreinte);
  return { ...rapport, sha256: await sha256Hex(rapport.octets) };
}

/**
 * Finaliser (spec part 2 §4, §5): every control of the visit is finalised together, with its
 * signed report, in one local transaction; the next sync pushes them with their PDFs.
 */
export async function finaliserVisite({
  controles,
  grille,
  synthese,
  documents = documentsVisite.get(),
  formulaireValide = true,
  naviguer = naviguerParHistorique,
}: ArgsFinalisation): Promise<void> {
  const aopIds = controles.map((c) => c.aopIgp.id);
  if (!formulaireValide || !aopIds.every((id) => estSignee(syntheseDe(synthese, id)))) {
    echec(MESSAGES_SAISIE.nonFinalisable, MESSAGES_SAISIE.completer);
    return;
  }
  if (!documentsGeneres(aopIds, documents)) {
    echec(MESSAGES_SAISIE.erreurGenerationDocument, MESSAGES_SAISIE.documentRequis);
    return;
  }

  let rapports: (Awaited<ReturnType<typeof rapportFinal>> & { controle: ControleLocal })[];
  try {
    // The stored records, not the ones the form opened with: a date changed in step 1 since
    // then must be in the report and must not be written back over.
    const stockes = await Promise.all(
      controles.map(async (c) => (await db.controles.get(c.id)) ?? c),
    );
    const contexte = await chargerContexte(stockes);
    rapports = [];
    // One at a time: a tablet holds one PDF engine run in memory comfortably, not five.
    for (const controle of stockes) {
      const s = syntheseDe(synthese, controle.aopIgp.id);
      rapports.push({ controle, ...(await rapportFinal(controle, grille, s, contexte)) });
    }
  } catch (e) {
    console.error(e);
    echec(MESSAGES_SAISIE.erreurGenerationDocument, MESSAGES_SAISIE.documentRequis);
    return;
  }

  try {
    const maintenant = Date.now();
    await db.transaction('rw', db.controles, db.fichiers, async () => {
      for (const { controle, blob, fileName, sha256 } of rapports) {
        const fichier: FichierLocal = {
          // The sync's part-naming convention (control, AOP-IGP, kind); one report per control, so
          // finalising again replaces it rather than piling copies up.
          id: `${controle.id}__${controle.aopIgp.id}__RAPPORT_AUDIT.pdf`,
          controleId: controle.id,
          aopIgpId: controle.aopIgp.id,
          typeDocument: 'RAPPORT_AUDIT',
          fileName,
          sha256,
          blob,
          sync: false,
        };
        await db.fichiers.put(fichier);
        const finalise: ControleFinalise = {
          ...controle,
          grille,
          synthese,
          statut: 'REALISE',
          // Spec part 2 §4: NON_CONFORME when the control's label has a manquement (the domain's rule).
          resultat: resultatControle(grille, controle.aopIgp.id),
          rapportSha256: sha256,
          etapeSaisie: 4,
          timestamp: maintenant,
          sync: false,
        };
        await db.table<ControleFinalise, string>('controles').put(finalise);
      }
    });
  } catch (e) {
    echec('Erreur durant la finalisation du contrôle', e instanceof Error ? e.message : String(e));
    return;
  }
  notifications.show({
    color: 'green',
    message: 'Le contrôle a été finalisé',
    autoClose: DUREE_TOAST_MS,
  });
  naviguer('/tournee');
}
