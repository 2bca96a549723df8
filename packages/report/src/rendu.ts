import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RapportPayload } from './payload';
import { construireRapport } from './rapport';

/**
 * What the two-pass render needs from pdfmake, in Node or in the browser: lay a document out
 * (pdfmake calls the footer, which reports the page count) and produce its final bytes.
 */
export interface MoteurPdf<Sortie> {
  mettreEnPage(doc: TDocumentDefinitions): Promise<void>;
  produire(doc: TDocumentDefinitions): Promise<Sortie>;
}

/** Printed in the counting layout: two digits, like nearly every report's real count. */
const PAGES_PROVISOIRES = 10;

/** The payload with its signature images left out; names, observations and lists kept. */
function sansSignatures(p: RapportPayload): RapportPayload {
  const sansImage = (s: { name: string }) => ({ name: s.name, image: '' });
  const { audite, auditeur } = p.synthese;
  return {
    ...p,
    synthese: {
      auditeur: { ...auditeur, signature: null },
      audite: {
        ...audite,
        signatures: {
          rapport: audite.signatures.rapport.map(sansImage),
          planProgres: audite.signatures.planProgres.map(sansImage),
        },
      },
    },
  };
}

/** Passes allowed before giving up: two are enough unless printing n moves n, which is rare. */
const PASSES_MAX = 4;

/**
 * The page count of the report as it will be signed, without producing it: what the audited
 * party's dialog states before they sign (issue 27 item 5). The signature table grows when the
 * audited parties sign (a frame per signer instead of one 'En attente' line) and can push the
 * end of the report onto a new page, so the count must come from the payload WITH its signers;
 * their images do not matter (each sits in a frame of fixed size), their names and number do.
 * Layouts are repeated until the number printed in the statement and the count agree, as below.
 */
export async function compterPages(
  mettreEnPage: MoteurPdf<unknown>['mettreEnPage'],
  payload: RapportPayload,
): Promise<number> {
  let vu = 0;
  const surNombrePages = (n: number) => {
    vu = n;
  };
  const sansImages = sansSignatures(payload);
  let nombrePages = PAGES_PROVISOIRES;
  for (let passe = 0; passe < PASSES_MAX; passe++) {
    await mettreEnPage(construireRapport(sansImages, { nombrePages, surNombrePages }));
    if (vu === nombrePages) return nombrePages;
    nombrePages = vu;
  }
  throw new Error(`Nombre de pages du rapport instable après ${PASSES_MAX} passes`);
}

/**
 * Renders the report with its exact page count in the audited party's statement. pdfmake gives
 * the count only to header/footer callbacks, so a first layout learns it (no PDF is written),
 * then the document is built again with the number and rendered. Printing the number can in
 * theory change the count (a line more or less), so the count of each pass is checked and the
 * loop continues until the printed number and the real count agree.
 */
export async function rendreAvecNombrePages<Sortie>(
  moteur: MoteurPdf<Sortie>,
  payload: RapportPayload,
): Promise<{ sortie: Sortie; pages: number }> {
  let vu = 0;
  const surNombrePages = (n: number) => {
    vu = n;
  };
  // The first layout only counts pages, so it skips what costs without moving anything: the
  // signature images (PNG decoding is a third of a render; each sits in a frame of fixed size,
  // signed or not) and the page reference (which makes pdfmake lay the document out twice).
  // The final pass below checks the count it prints against the one it lays out.
  await moteur.mettreEnPage(
    construireRapport(sansSignatures(payload), { nombrePages: PAGES_PROVISOIRES, surNombrePages }),
  );
  let nombrePages = vu;
  for (let passe = 1; passe < PASSES_MAX; passe++) {
    const sortie = await moteur.produire(
      construireRapport(payload, { nombrePages, surNombrePages }),
    );
    if (vu === nombrePages) return { sortie, pages: nombrePages };
    nombrePages = vu;
  }
  throw new Error(`Nombre de pages du rapport instable après ${PASSES_MAX} passes`);
}
