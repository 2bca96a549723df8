/**
 * Auto-evaluation of a value against the thresholds of a point (spec part 2 §4): grave, then
 * majeur, then mineur; the first match makes the point NC at that severity, no match makes it C.
 */
import type { Conformite, OperateurSeuil, Severite } from '../enums';
import {
  comparerFractions,
  fractionDeNombre,
  fractionDeTexte,
  lireValeurExploitation,
  type Fraction,
} from '../formule';
import { decrireSeuil, EXPLICATIONS, formaterMesure, formaterNombre } from './messages';
import type { SaisieAop, SeuilPoint, SeuilsPoint } from './schemas';

export type NiveauSeuil = 'grave' | 'majeur' | 'mineur';

/** The order thresholds are tested in: the most severe first. */
export const NIVEAUX_SEUIL: readonly NiveauSeuil[] = ['grave', 'majeur', 'mineur'];

const GRAVITE: Record<NiveauSeuil, Severite> = {
  grave: 'GRAVE',
  majeur: 'MAJEUR',
  mineur: 'MINEUR',
};
/** Migrated labels grade by threshold: MINEUR → SEUIL_1, MAJEUR → SEUIL_2, GRAVE → SEUIL_3. */
const SEUIL_MIGRE: Record<NiveauSeuil, Severite> = {
  grave: 'SEUIL_3',
  majeur: 'SEUIL_2',
  mineur: 'SEUIL_1',
};
const LIBELLE_SEVERITE: Record<NiveauSeuil, { normal: string; migre: string }> = {
  grave: { normal: 'gravité grave', migre: 'seuil 3' },
  majeur: { normal: 'gravité majeur', migre: 'seuil 2' },
  mineur: { normal: 'gravité mineur', migre: 'seuil 1' },
};

/** Does `valeur <operateur> seuil` hold? `=` is equality and `!=` inequality, as in the data. */
export function atteint(valeur: number, operateur: OperateurSeuil, seuil: number): boolean {
  switch (operateur) {
    case '<':
      return valeur < seuil;
    case '<=':
      return valeur <= seuil;
    case '>':
      return valeur > seuil;
    case '>=':
      return valeur >= seuil;
    case '=':
      return valeur === seuil;
    case '!=':
      return valeur !== seuil;
  }
}

/** The outcome of one auto-evaluation, with its French explanation for the screen. */
export interface Evaluation {
  conformite: Conformite | null;
  gravite: Severite | null;
  /** The threshold that matched, if any. */
  niveau: NiveauSeuil | null;
  explication: string;
}

/**
 * Tests a value against the thresholds, grave first. `atteintPar` says whether the value meets
 * one threshold; `mesure` is the value as the explanation prints it.
 */
function juger(
  atteintPar: (seuil: SeuilPoint) => boolean,
  mesure: string,
  seuils: SeuilsPoint,
  migre: boolean | undefined,
): Evaluation {
  for (const niveau of NIVEAUX_SEUIL) {
    const seuil = seuils[niveau];
    if (seuil && atteintPar(seuil)) {
      const libelle = LIBELLE_SEVERITE[niveau][migre ? 'migre' : 'normal'];
      return {
        conformite: 'NC',
        gravite: (migre ? SEUIL_MIGRE : GRAVITE)[niveau],
        niveau,
        explication: EXPLICATIONS.nonConforme(
          mesure,
          seuil.operateur,
          formaterNombre(seuil.valeur),
          niveau,
          libelle,
        ),
      };
    }
  }
  const limite = seuilLimite(seuils);
  return {
    conformite: 'C',
    gravite: null,
    niveau: null,
    explication: limite
      ? EXPLICATIONS.conforme(mesure, decrireSeuil(limite.niveau, limite.seuil))
      : EXPLICATIONS.sansSeuil(mesure),
  };
}

/** Tests a number against the thresholds, grave first. */
export function evaluerNombre(
  nombre: number,
  seuils: SeuilsPoint,
  options: { migre?: boolean; unite?: string | null } = {},
): Evaluation {
  const limites = NIVEAUX_SEUIL.flatMap((n) => seuils[n]?.valeur ?? []);
  const mesure = formaterMesure(nombre, options.unite, limites);
  return juger((s) => atteint(nombre, s.operateur, s.valeur), mesure, seuils, options.migre);
}

/** The least severe threshold defined: the one a conforming value stays clear of. */
function seuilLimite(seuils: SeuilsPoint): { niveau: NiveauSeuil; seuil: SeuilPoint } | null {
  for (const niveau of [...NIVEAUX_SEUIL].reverse()) {
    const seuil = seuils[niveau];
    if (seuil) return { niveau, seuil };
  }
  return null;
}

/**
 * Where auto-evaluation applies: not a CONSTAT point (observation only) and not a point the
 * controller marked SO or NO.
 */
export const evaluable = (source: string, conformite: Conformite | null) =>
  source !== 'CONSTAT' && conformite !== 'SO' && conformite !== 'NO';

/**
 * Evaluates the text of a value for an entry: the value shown is the value judged (spec part 2
 * §5: a computed line's text is its value, rounded to its `dec`), compared exactly with each
 * threshold, and the explanation prints it as shown. `null` when nothing changes: not evaluable,
 * or a blank or unreadable value typed directly (only the exploitation path clears on blank,
 * since there the value vanished with its source; an unreadable value leaves the entry
 * incomplete, see `entreeComplete`).
 */
export function evaluerSaisie(
  entree: SaisieAop,
  source: string,
  texte: string | null,
  options: { unite?: string | null; cheminExploitation?: boolean } = {},
): Evaluation | null {
  if (!evaluable(source, entree.saisie.conformite)) return null;
  const lu = lireValeurExploitation(texte);
  if (lu === null) {
    return options.cheminExploitation
      ? { conformite: null, gravite: null, niveau: null, explication: EXPLICATIONS.valeurEffacee }
      : null;
  }
  if (lu === 'invalide' || texte === null) return null;
  // A decimal is taken as typed (never through a double); a date is its day count.
  const valeur = lu.date ? fractionDeNombre(lu.nombre) : fractionDeTexte(texte);
  if (!valeur) return null;
  const affiche = texte.trim().replace('.', ',');
  const mesure = options.unite ? `${affiche} ${options.unite}` : affiche;
  return juger(
    (s) => atteintExact(valeur, s.operateur, s.valeur),
    mesure,
    entree.seuil,
    entree.migre,
  );
}

/** `atteint` on the exact value; a threshold that is not a finite number is never met. */
function atteintExact(valeur: Fraction, operateur: OperateurSeuil, seuil: number): boolean {
  const limite = fractionDeNombre(seuil);
  if (!limite) return false;
  const c = comparerFractions(valeur, limite);
  return atteint(c, operateur, 0);
}
