import type { DynamicContent, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RapportPayload } from './payload';
import { ajusterNombre, type NombreAjustable } from './nombreAjustable';
import { construireRapport } from './rapport';

/**
 * What the render needs from pdfmake, in Node or in the browser: lay a document out and render
 * it (`produire`), or lay it out only to learn its page count (`mettreEnPage`, which pdfmake
 * leaves through the running header, see `avecArret`).
 */
export interface MoteurPdf<Sortie> {
  mettreEnPage(doc: TDocumentDefinitions): Promise<void>;
  produire(doc: TDocumentDefinitions): Promise<Sortie>;
}

/**
 * The page count each report had at its last layout, by report number: tried first on the next
 * render (the preview after an edit elsewhere, the signed report after the dialog's count), so
 * an unchanged count costs one layout. Only a guess: every pass checks it (see `avecArret`).
 */
export type ComptesConnus = Map<string, number>;
const COMPTES: ComptesConnus = new Map();
const COMPTES_MAX = 50;

function retenir(comptes: ComptesConnus, numero: string, pages: number): void {
  comptes.delete(numero);
  comptes.set(numero, pages);
  const plusAncien = comptes.keys().next();
  if (comptes.size > COMPTES_MAX && !plusAncien.done) comptes.delete(plusAncien.value);
}

/** Why pdfmake stopped a layout: the count it reached, which the pass did not print. */
class PagesComptees extends Error {
  constructor(readonly pages: number) {
    super(`Le rapport fait ${pages} pages`);
  }
}

/** A pass's stop rule: the count it prints (null: none, count only), then the count reached. */
interface Arret {
  imprime: number | null;
  suivi?: NombreAjustable;
  pages?: number;
}

/**
 * The document, stopped by its running header or footer at their first call when the count it
 * prints is not the real one and cannot be corrected in place (nombreAjustable.ts; always when
 * it prints none): pdfmake calls them once the content is laid out, with the count, before
 * laying them out on every page and rendering. A pass printing a wrong count thus costs no render
 * (nearly half of a pass: writing, compressing) and throws `PagesComptees`.
 */
function avecArret(doc: TDocumentDefinitions, arret: Arret): TDocumentDefinitions {
  const verifier = (f: DynamicContent): DynamicContent => {
    return (page, pages, taille) => {
      if (arret.pages === undefined) {
        const { imprime, suivi } = arret;
        const juste =
          pages === imprime ||
          // 'l'unique page' is another sentence: a count of 1 is never a corrected number.
          (imprime !== null &&
            imprime !== 1 &&
            pages !== 1 &&
            suivi !== undefined &&
            ajusterNombre(suivi, imprime, pages));
        if (!juste) throw new PagesComptees(pages);
        arret.pages = pages;
      }
      return f(page, pages, taille);
    };
  };
  if (typeof doc.header === 'function') doc.header = verifier(doc.header);
  if (typeof doc.footer === 'function') doc.footer = verifier(doc.footer);
  return doc;
}

/** The pass's output with its page count, or the count it stopped at. */
async function passe<Sortie>(
  executer: (doc: TDocumentDefinitions) => Promise<Sortie>,
  doc: TDocumentDefinitions,
  arret: Arret,
): Promise<{ sortie: Sortie; pages: number } | { compte: number }> {
  try {
    const sortie = await executer(avecArret(doc, arret));
    if (arret.pages === undefined) throw new Error('Rapport sans en-tête ni pied de page');
    return { sortie, pages: arret.pages };
  } catch (erreur) {
    if (erreur instanceof PagesComptees) return { compte: erreur.pages };
    throw erreur;
  }
}

/**
 * A first guess of the page count of a report never laid out: only its number of digits matters
 * (a number as wide as the count is corrected in place), a wrong guess costs one more layout.
 * Calibrated on the fixtures: about 4,500 characters of free text a page, 25 points, 8
 * shortcomings, and 3 pages of identity, synthesis and signatures.
 */
export function estimerPages(p: RapportPayload): number {
  const points = p.categories.flatMap((c) => c.points);
  const textes = [
    ...points.flatMap((pt) => [pt.observation, pt.valeur]),
    ...p.manquements.flatMap((m) => [
      m.informationsAuditeur,
      m.informationsAudite,
      m.mesureCorrective,
      m.mesureCorrectrice,
      m.valeur,
    ]),
    p.synthese.auditeur.observation,
    p.synthese.audite.observation,
  ];
  const caracteres = textes.reduce((n, t) => n + t.length, 0);
  return Math.round(3 + points.length / 25 + p.manquements.length / 8 + caracteres / 4500);
}

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
  comptes: ComptesConnus = COMPTES,
): Promise<number> {
  const sansImages = sansSignatures(payload);
  let nombrePages = comptes.get(payload.numeroRapport) ?? estimerPages(payload);
  for (let n = 0; n < PASSES_MAX; n++) {
    const doc = construireRapport(sansImages, { nombrePages });
    const r = await passe(mettreEnPage, doc, { imprime: null });
    if (!('compte' in r)) throw new Error('Mise en page du rapport sans en-tête ni pied de page');
    if (r.compte === nombrePages) {
      retenir(comptes, payload.numeroRapport, nombrePages);
      return nombrePages;
    }
    nombrePages = r.compte;
  }
  throw new Error(`Nombre de pages du rapport instable après ${PASSES_MAX} passes`);
}

/**
 * Renders the report with its exact page count in the audited party's statement. pdfmake gives
 * the count only to header/footer callbacks, after the layout: a pass prints a count (the last
 * one known for this report, else an estimate), and when the layout reaches another one the
 * number is corrected in place if it is as wide (nombreAjustable.ts), else the pass is stopped
 * before its render and the next one prints that count. Printing the number can in theory
 * change the count (a line more or less), hence the loop. Most reports cost one layout.
 */
export async function rendreAvecNombrePages<Sortie>(
  moteur: MoteurPdf<Sortie>,
  payload: RapportPayload,
  comptes: ComptesConnus = COMPTES,
): Promise<{ sortie: Sortie; pages: number }> {
  let nombrePages = comptes.get(payload.numeroRapport) ?? estimerPages(payload);
  for (let n = 0; n < PASSES_MAX; n++) {
    const suivi: NombreAjustable = { mots: [] };
    const doc = construireRapport(payload, { nombrePages, suiviNombrePages: suivi });
    const r = await passe((d) => moteur.produire(d), doc, { imprime: nombrePages, suivi });
    if ('sortie' in r) {
      retenir(comptes, payload.numeroRapport, r.pages);
      return r;
    }
    nombrePages = r.compte;
  }
  throw new Error(`Nombre de pages du rapport instable après ${PASSES_MAX} passes`);
}
