import { estObjet } from '@estive/domain';
import type {
  Content,
  DynamicContent,
  StyleDictionary,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';

/**
 * The document's named styles written into the nodes that name them (issue 29 item 5). pdfmake
 * asks the style stack some twenty properties for every word it measures; a named style on the
 * stack is looked up in the dictionary each time, with a fresh `Set` of visited names, for every
 * property the word and the nodes above it lack (most): the largest report's 250,000 words made
 * four million lookups and as many sets. A node holding the properties itself answers the same:
 * pdfmake pushes a node's named styles just below the node, so the node's own properties win,
 * then the styles' (the last named first), then what is below — the order kept here.
 */

type Styles = Record<string, Record<string, unknown>>;

/** Writes `node`'s named styles into it, in place (a node may carry accessors pdfmake sets). */
function enLigne(node: Record<string, unknown>, styles: Styles): void {
  const noms = Array.isArray(node.style) ? node.style : [node.style];
  for (let i = noms.length - 1; i >= 0; i--) {
    const nom: unknown = noms[i];
    const style = typeof nom === 'string' ? styles[nom] : undefined;
    if (!style || 'extends' in style) return; // unknown or inheriting: left to pdfmake
  }
  for (let i = noms.length - 1; i >= 0; i--) {
    const nom: unknown = noms[i];
    const style = typeof nom === 'string' ? styles[nom] : undefined;
    for (const [cle, valeur] of Object.entries(style ?? {})) {
      if (!(cle in node)) node[cle] = valeur;
    }
  }
  delete node.style;
}

/** A content node and what it contains, walked in place. */
function parcourir(valeur: unknown, styles: Styles): void {
  if (Array.isArray(valeur)) {
    for (const v of valeur) parcourir(v, styles);
    return;
  }
  if (!estObjet(valeur)) return;
  if (valeur.style !== undefined) enLigne(valeur, styles);
  for (const cle of ['text', 'stack', 'columns', 'ul', 'ol'] as const)
    parcourir(valeur[cle], styles);
  const table = valeur.table;
  if (estObjet(table)) parcourir(table.body, styles);
}

function dictionnaire(styles: StyleDictionary | undefined): Styles {
  const r: Styles = {};
  for (const [nom, style] of Object.entries(styles ?? {})) if (estObjet(style)) r[nom] = style;
  return r;
}

/** Mutates and returns `doc` (freshly built): content, running header and footer. */
export function stylesEnLigne(doc: TDocumentDefinitions): TDocumentDefinitions {
  const styles = dictionnaire(doc.styles);
  parcourir(doc.content, styles);
  const dynamique = (f: DynamicContent): DynamicContent => {
    return (...args) => {
      const contenu: Content | null | undefined = f(...args);
      parcourir(contenu, styles);
      return contenu;
    };
  };
  if (typeof doc.header === 'function') doc.header = dynamique(doc.header);
  else parcourir(doc.header, styles);
  if (typeof doc.footer === 'function') doc.footer = dynamique(doc.footer);
  else parcourir(doc.footer, styles);
  return doc;
}
