import { champsControleTournee as champ, type OperateurControles } from '@estive/contracts';
import { estDimancheParis, formaterDate, jourParis, MESSAGES_VALIDATION } from '@estive/domain';
import type { CampagneDeTournee } from './tournees.repository';
import type { ControleAEcrire, ReferencesOperateur } from './tournees-lignes.repository';

export interface ErreurChamp {
  field: string;
  defaultMessage: string;
}

const OBLIGATOIRE = MESSAGES_VALIDATION.obligatoire;
const DIMANCHE = MESSAGES_VALIDATION.dimanche;

/** Spec part 1 §5 'Step 1 requires a controller': what a round without a valid one is told. */
export const SANS_CONTROLEUR = "La tournée n'a pas de contrôleur";
export const CONTROLEUR_HORS_PERIMETRE = "Ce contrôleur n'a pas de droit sur le périmètre";

/**
 * Step 1 is done only with a controller who may still take the round (an active account with
 * the controller role and a right on its ODG): until then no control is created and the round
 * is not finalised. Answered as a global error and on the field `controleurId`.
 */
export function erreursControleurTournee(
  controleurId: number | null,
  controleurValide: boolean,
): { globales: string[]; champs: ErreurChamp[] } {
  if (controleurId === null)
    return {
      globales: [SANS_CONTROLEUR],
      champs: [{ field: 'controleurId', defaultMessage: OBLIGATOIRE }],
    };
  if (!controleurValide)
    return {
      globales: [CONTROLEUR_HORS_PERIMETRE],
      champs: [{ field: 'controleurId', defaultMessage: CONTROLEUR_HORS_PERIMETRE }],
    };
  return { globales: [], champs: [] };
}

/** The day a date names: its own day when it has no offset (a Paris day and time). */
const jourSaisi = (date: string) => (/(Z|[+-]\d{2}:\d{2})$/.test(date) ? date : date.slice(0, 10));

/** The Paris day a control's date names: an instant with an offset is converted (23:30Z is the next day). */
export const jourDe = (date: string) =>
  /(Z|[+-]\d{2}:\d{2})$/.test(date) ? jourParis(new Date(date)) : date.slice(0, 10);

/**
 * Issue 32 item 4: a round's controls stay inside its campaign (a 2025 or 2099 control in
 * 'Campagne 2026' is refused). The campaign's dates are Paris days, compared as ISO text.
 */
export function horsCampagne(date: string, campagne: CampagneDeTournee | undefined) {
  if (!campagne) return null;
  const jour = jourDe(date);
  if (jour >= campagne.debut && jour <= campagne.fin) return null;
  return `La date doit être dans la campagne ${campagne.libelle} (du ${formaterDate(campagne.debut)} au ${formaterDate(campagne.fin)})`;
}

/**
 * The server's judgement of an operator's controls (spec part 1 §5): complete (a date that is not
 * a Sunday in Europe/Paris, at least one appellation, and per appellation a site, an activity and
 * a level), and every id the operator's own or the perimeter's. Field names are the spec's.
 */
export function validerOperateurControles(
  saisie: OperateurControles,
  refs: ReferencesOperateur,
  campagne?: CampagneDeTournee,
): { erreurs: ErreurChamp[]; controles: ControleAEcrire[] } {
  const erreurs: ErreurChamp[] = [];
  const ajouter = (field: string, defaultMessage: string) =>
    erreurs.push({ field, defaultMessage });
  const hors = saisie.date === null ? null : horsCampagne(saisie.date, campagne);
  if (saisie.date === null) ajouter(champ.date(saisie.personneMoraleId), OBLIGATOIRE);
  else if (estDimancheParis(jourSaisi(saisie.date)))
    ajouter(champ.date(saisie.personneMoraleId), DIMANCHE);
  else if (hors) ajouter(champ.date(saisie.personneMoraleId), hors);
  if (saisie.controles.length === 0) ajouter(champ.controles, OBLIGATOIRE);

  const vus = new Set<number>();
  const controles: ControleAEcrire[] = [];
  saisie.controles.forEach((c, i) => {
    const aopId = Number(c.aopId);
    if (!refs.aopIds.has(aopId)) ajouter(champ.aopId(i), 'Appellation hors du périmètre');
    else if (vus.has(aopId)) ajouter(champ.aopId(i), 'Appellation en double');
    vus.add(aopId);
    const siteIds = [...new Set(c.siteIds.map(Number))];
    if (siteIds.length === 0) ajouter(champ.siteId(i), OBLIGATOIRE);
    else if (siteIds.some((s) => !refs.siteIds.has(s)))
      ajouter(champ.siteId(i), 'Site inconnu pour cet opérateur');
    if (c.niveau === null) ajouter(champ.niveau(i), OBLIGATOIRE);
    const activites = [...new Set(c.activiteAopIgpIds.map(Number))];
    if (activites.length === 0) ajouter(champ.activiteAopIgpIds(i), OBLIGATOIRE);
    else if (activites.some((a) => refs.activites.get(a) !== aopId))
      ajouter(champ.activiteAopIgpIds(i), 'Activité inconnue pour cette appellation');
    const fichierIds = [...new Set(c.fichierIds.map(Number))];
    if (fichierIds.some((f) => !refs.fichierIds.has(f)))
      ajouter(champ.documents(i), 'Document inconnu pour cet opérateur');
    if (c.niveau !== null)
      controles.push({
        aopId,
        siteIds,
        niveau: c.niveau,
        activiteAopIgpIds: activites,
        fichierIds,
      });
  });
  return { erreurs, controles };
}
