/**
 * The server's judgement of a pushed grid (docs/architecture.md §5 'The server judges what it
 * stores'): the same engine as the device recomputes the formula lines, each point's verdict, the
 * shortcomings, completeness and the result, and every disagreement is named in French. A device
 * that follows the engine never produces one; a forged or faulty one does, and its entry goes to
 * the office.
 */
import type { Conformite, ResultatControle, Severite, SourcePoint, StatutControle } from '../enums';
import { LIBELLES_RESULTAT, libelleSeverite } from '../labels';
import { STATUTS_FINALISES } from '../enums';
import { lireValeurExploitation } from '../formule';
import { validerGrille } from './completude';
import { recalculerGrille } from './exploitation';
import { resultatControle } from './resultat';
import { cleManquement, type Grille, type SaisieAop } from './schemas';
import { evaluerSaisie, type Evaluation } from './seuils';

/** What the judgement needs of the control besides its grid. */
export interface SaisieAJuger {
  aopIgpId: string;
  statut: StatutControle;
  resultat: ResultatControle | null;
}

/** At most this many disagreements are named: one is enough to refuse, a few help the office. */
const ECARTS_NOMMES = 10;

const texte = (v: string | null) => (v === null ? 'vide' : `« ${v} »`);

/** 'NC (Majeur)', 'C': the codes the grid shows, the severity as its label. */
const verdict = (conformite: Conformite | null, gravite: Severite | null) =>
  `${conformite ?? 'vide'}${gravite ? ` (${libelleSeverite(gravite)})` : ''}`;

const aDesSeuils = (e: SaisieAop) =>
  e.seuil.grave !== null || e.seuil.majeur !== null || e.seuil.mineur !== null;

/** Formula lines and the entries they feed, as the engine computes them from the typed inputs. */
function ecartsCalcul(grille: Grille): string[] {
  const recalculee = recalculerGrille(grille).grille;
  const ecarts: string[] = [];
  grille.groupesSysExploitation.forEach((g, i) =>
    g.points.forEach((l, j) => {
      const attendu = recalculee.groupesSysExploitation[i]?.points[j]?.valeur ?? null;
      if (attendu !== l.valeur)
        ecarts.push(
          `La ligne ${l.code} vaut ${texte(attendu)}, la tablette a envoyé ${texte(l.valeur)}`,
        );
    }),
  );
  grille.categories.forEach((c, i) =>
    c.points.forEach((p, j) =>
      p.aops.forEach((e, k) => {
        const attendue = recalculee.categories[i]?.points[j]?.aops[k]?.saisie.valeur ?? null;
        if (attendue !== e.saisie.valeur)
          ecarts.push(
            `Le point ${p.code} (${e.aopIgpLibelle}) vaut ${texte(attendue)}, la tablette a envoyé ${texte(e.saisie.valeur)}`,
          );
      }),
    ),
  );
  return ecarts;
}

/**
 * The verdict a point's thresholds give its value, or null where the controller chooses: no
 * threshold, no readable value, an observation-only point, SO or NO. Where there is one, it is
 * the point's verdict: the screen offers no other and the server refuses any other.
 */
export function verdictDesSeuils(source: SourcePoint, e: SaisieAop): Evaluation | null {
  const { valeur } = e.saisie;
  if (!aDesSeuils(e) || valeur === null) return null;
  if (typeof lireValeurExploitation(valeur) !== 'object') return null;
  return evaluerSaisie(e, source, valeur);
}

/** Each typed value judged against its thresholds (see `verdictDesSeuils`). */
function ecartsVerdicts(grille: Grille): string[] {
  const ecarts: string[] = [];
  for (const c of grille.categories)
    for (const p of c.points)
      for (const e of p.aops) {
        const { conformite, gravite, valeur } = e.saisie;
        if (conformite === null) continue;
        const attendu = verdictDesSeuils(p.source, e);
        if (!attendu) continue;
        if (attendu.conformite !== conformite || attendu.gravite !== gravite)
          ecarts.push(
            `Le point ${p.code} (${e.aopIgpLibelle}) à ${valeur} est ${verdict(attendu.conformite, attendu.gravite)} selon ses seuils, la tablette a envoyé ${verdict(conformite, gravite)}`,
          );
      }
  return ecarts;
}

/** One shortcoming per NC entry, carrying the entry's severity and value; none other. */
function ecartsManquements(grille: Grille): string[] {
  const ecarts: string[] = [];
  const parCle = new Map(grille.manquements.map((m) => [m.key, m]));
  const attendues = new Set<string>();
  for (const c of grille.categories)
    for (const p of c.points)
      for (const e of p.aops) {
        if (e.saisie.conformite !== 'NC') continue;
        const cle = cleManquement(p.code, e.aopIgpId);
        attendues.add(cle);
        const m = parCle.get(cle);
        if (!m) ecarts.push(`Le point ${p.code} (${e.aopIgpLibelle}) est NC sans manquement`);
        else if (m.seuil !== e.saisie.gravite || m.valeur !== e.saisie.valeur)
          ecarts.push(`Le manquement ${cle} ne reprend pas la gravité ou la valeur de son point`);
      }
  for (const m of grille.manquements)
    if (!attendues.has(m.key)) ecarts.push(`Le manquement ${m.key} ne correspond à aucun point NC`);
  return ecarts;
}

/**
 * The disagreements between a pushed entry and the engine, in French; empty when the entry is
 * what the engine gives. A finalised entry must also be complete and carry the grid's result.
 */
export function jugerSaisie(grille: Grille, saisie: SaisieAJuger): string[] {
  const ecarts = [...ecartsCalcul(grille), ...ecartsVerdicts(grille), ...ecartsManquements(grille)];
  if (STATUTS_FINALISES.includes(saisie.statut)) {
    const validation = validerGrille(grille);
    if (!validation.valide && validation.message) ecarts.push(validation.message);
    const resultat = resultatControle(grille, saisie.aopIgpId);
    if (saisie.resultat !== resultat)
      ecarts.push(
        `Le résultat envoyé (${saisie.resultat ? LIBELLES_RESULTAT[saisie.resultat] : 'vide'}) n'est pas celui de la grille (${LIBELLES_RESULTAT[resultat]})`,
      );
  }
  return ecarts.slice(0, ECARTS_NOMMES);
}
