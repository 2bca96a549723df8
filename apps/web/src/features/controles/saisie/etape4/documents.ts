import { createStore, useStore } from '../../../../lib/store';

/**
 * The report of each AOP-IGP of the visit as last generated on this screen. Finaliser reads it:
 * the spec allows finalising only once the documents are generated (part 2 §4), and the audited
 * party's statement needs the page count of the report they read.
 */
export interface EtatDocument {
  statut: 'generation' | 'pret' | 'erreur';
  blob: Blob | null;
  /** Blob URL shown in the preview; null on mobile, where nothing is displayed. */
  url: string | null;
  pages: number;
  fileName: string;
}

export type DocumentsVisite = Record<string /* aopIgpId */, EtatDocument>;

export const documentsVisite = createStore<DocumentsVisite>({});
export const useDocumentsVisite = () => useStore(documentsVisite);

export function majDocument(aopIgpId: string, etat: EtatDocument | null) {
  documentsVisite.set((docs) => {
    const ancien = docs[aopIgpId];
    // The previous blob URL would otherwise hold its PDF in memory until the page closes.
    if (ancien?.url && ancien.url !== etat?.url) URL.revokeObjectURL(ancien.url);
    const { [aopIgpId]: _retire, ...autres } = docs;
    return etat ? { ...autres, [aopIgpId]: etat } : autres;
  });
}

/** Leaving step 4 forgets the previews (a new visit starts from nothing). */
export function viderDocuments() {
  for (const id of Object.keys(documentsVisite.get())) majDocument(id, null);
}

export const documentsGeneres = (ids: string[], docs: DocumentsVisite) =>
  ids.every((id) => docs[id]?.statut === 'pret' && docs[id].pages > 0);
