import { messageFauteSyntaxe, type FauteSyntaxe } from './fautes';
import { analyserFormule } from './syntaxe';

/** A line of an exploitation system as the settings see it: its code and its formula, if any. */
export interface LigneFormule {
  code: string;
  formule?: string | null;
}

/** A line the grid leaves out because it, or its group, is archived. */
export interface LigneArchivee {
  code: string;
  /** The archived group's name when the group, not the line, is archived. */
  groupeArchive?: string | null;
}

/**
 * Why a formula cannot be saved: it does not parse (the fault named), reads an archived line,
 * names unknown codes, or loops.
 */
export type DefautFormule =
  | { type: 'SYNTAXE'; position: number; faute: FauteSyntaxe }
  | { type: 'CODE_ARCHIVE'; code: string; groupeArchive: string | null }
  | { type: 'CODE_ABSENT'; codes: string[] }
  | { type: 'CYCLE'; chemin: string[] };

/**
 * Checks a line's formula before it is saved (settings): it parses with the engine's parser,
 * every code it reads is a line of the system (`lignes`, the line itself included or not), and
 * no chain of formulas leads back to the line. Codes are case-blind, as in the engine. A code of
 * `archivees` (lines out of the grid because they or their group are archived) is refused with
 * that reason rather than as unknown: the user sees the line in the settings and must know why.
 */
export function controlerFormule(
  code: string,
  formule: string,
  lignes: readonly LigneFormule[],
  archivees: readonly LigneArchivee[] = [],
): DefautFormule | null {
  const analyse = analyserFormule(formule);
  if (!analyse.ok) return { type: 'SYNTAXE', position: analyse.position, faute: analyse.faute };
  const soi = code.toLowerCase();
  const formules = new Map<string, string | null>();
  for (const l of lignes) formules.set(l.code.toLowerCase(), l.formule ?? null);
  formules.set(soi, formule);
  const absents = analyse.codes.filter((c) => !formules.has(c));
  const archivee = archivees.find((a) => absents.includes(a.code.toLowerCase()));
  if (archivee)
    return {
      type: 'CODE_ARCHIVE',
      code: archivee.code,
      groupeArchive: archivee.groupeArchive ?? null,
    };
  if (absents.length > 0) return { type: 'CODE_ABSENT', codes: absents };
  const chemin = boucleDepuis(soi, formules);
  return chemin ? { type: 'CYCLE', chemin } : null;
}

/** A path of codes from `depart` back to itself through formulas, or null (depth-first). */
function boucleDepuis(
  depart: string,
  formules: ReadonlyMap<string, string | null>,
): string[] | null {
  const vus = new Set<string>();
  const pile: { code: string; chemin: string[] }[] = [{ code: depart, chemin: [depart] }];
  while (pile.length > 0) {
    const courant = pile.pop();
    if (!courant) break;
    const formule = formules.get(courant.code);
    if (!formule) continue;
    const analyse = analyserFormule(formule);
    if (!analyse.ok) continue;
    for (const lu of analyse.codes) {
      if (lu === depart) return [...courant.chemin, lu];
      if (vus.has(lu)) continue;
      vus.add(lu);
      pile.push({ code: lu, chemin: [...courant.chemin, lu] });
    }
  }
  return null;
}

/**
 * The settings form's French field error on `formule`, worded after the spec's calculation
 * message ('n'est pas présent dans le système d'exploitation'); a syntax fault is named with
 * where it is (`messageFauteSyntaxe`).
 */
export function messageDefautFormule(defaut: DefautFormule): string {
  switch (defaut.type) {
    case 'SYNTAXE':
      return messageFauteSyntaxe(defaut.faute);
    case 'CODE_ARCHIVE':
      return defaut.groupeArchive
        ? `La ligne ${defaut.code} est dans le groupe archivé « ${defaut.groupeArchive} » : une formule ne peut pas la lire ; désarchivez le groupe d'abord`
        : `La ligne ${defaut.code} est archivée : une formule ne peut pas la lire ; désarchivez-la d'abord`;
    case 'CODE_ABSENT':
      return defaut.codes.length === 1
        ? `Le code ${defaut.codes.join('')} n'est pas présent dans le système d'exploitation`
        : `Les codes ${defaut.codes.join(', ')} ne sont pas présents dans le système d'exploitation`;
    case 'CYCLE':
      return `La formule forme une boucle : ${defaut.chemin.join(' → ')}`;
  }
}
