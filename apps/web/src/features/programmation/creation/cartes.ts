import {
  controleTourneeIncomplet,
  documentsParDefaut,
  estDimancheParis,
  formaterHeure,
  instantParis,
  jourParis,
  messageVisitesMemeHeure,
  sitesParDefaut,
  visitesMemeHeure,
  type NiveauControle,
} from '@estive/domain';
import type { VisiteControleur } from '@estive/contracts';
import type {
  Document,
  InformationsOperateur,
  OperateurControles,
  OperateurTournee,
} from '../types';

/** One label of a card (spec part 1 §3 'Control inside a round being prepared'). */
export interface AppellationCarte {
  aopId: string;
  libelle: string;
  siteIds: string[];
  niveau: NiveauControle | null;
  activiteAopIgpIds: string[];
  fichierIds: string[];
}

/** A card of step 2: one operator's visit, its labels, and whether the server holds it. */
export interface CarteControle {
  personneMoraleId: string;
  raisonSociale: string;
  codePostal: string | null;
  ville: string | null;
  /** The day ('yyyy-mm-dd', Paris) and time ('HH:mm') chosen; '' while not chosen. */
  jour: string;
  heure: string;
  appellations: AppellationCarte[];
  /** 'Validé': the server created its controls; 'A faire' otherwise. */
  valide: boolean;
  controleIds: string[];
  avisPassage: Document | null;
}

export const HEURE_PAR_DEFAUT = '08:00';

/** The card of an operator the server holds: its controls once validated, else its saved draft. */
export function carteDepuisServeur(o: OperateurTournee): CarteControle {
  const date = o.date ?? o.controles[0]?.date ?? null;
  const libelles = new Map(o.controles.map((c) => [c.aopIgp.id, c.aopIgp.libelle]));
  const appellations: AppellationCarte[] =
    o.valide || !o.brouillon
      ? o.controles.map((c) => ({
          aopId: c.aopIgp.id,
          libelle: c.aopIgp.libelle,
          siteIds: c.sites.map((s) => s.id),
          niveau: c.niveau,
          activiteAopIgpIds: [...c.activiteAopIgpIds],
          fichierIds: [...c.fichierIds],
        }))
      : o.brouillon.controles.map((c) => ({
          ...c,
          libelle: libelles.get(c.aopId) ?? c.aopId,
          siteIds: [...c.siteIds],
          activiteAopIgpIds: [...c.activiteAopIgpIds],
          fichierIds: [...c.fichierIds],
        }));
  return {
    personneMoraleId: o.operateur.id,
    raisonSociale: o.operateur.raisonSociale,
    codePostal: o.operateur.codePostal,
    ville: o.operateur.ville,
    jour: date ? jourParis(date) : '',
    heure: date && date.length > 10 ? formaterHeure(date) : HEURE_PAR_DEFAUT,
    appellations,
    valide: o.valide,
    controleIds: o.controles.map((c) => c.id),
    avisPassage: o.avisPassage,
  };
}

/**
 * A new card for an operator moved from the basket: one appellation per label it holds in the
 * perimeter, preselected as the unannounced inspection does (headquarters or the label's first
 * site, every activity it is habilitated for, the latest DI and audit report); the level is left
 * to choose (bulk entry or the card).
 */
export function nouvelleCarte(
  operateur: {
    personneMoraleId: string;
    raisonSociale: string;
    codePostal: string | null;
    ville: string | null;
  },
  informations: InformationsOperateur | undefined,
): CarteControle {
  const fichiers = documentsParDefaut(informations?.documents ?? []);
  const sites = informations?.sites ?? [];
  return {
    ...operateur,
    jour: '',
    heure: HEURE_PAR_DEFAUT,
    appellations: (informations?.appellations ?? []).map(({ aopIgp, activites }) => ({
      aopId: aopIgp.id,
      libelle: aopIgp.libelle,
      siteIds: sitesParDefaut(sites, aopIgp.id),
      niveau: null,
      activiteAopIgpIds: activites.map((x) => x.id),
      fichierIds: fichiers,
    })),
    valide: false,
    controleIds: [],
    avisPassage: null,
  };
}

/** The red 'Incomplet' chip: date, a label, and per label a site, an activity and a level. */
export const estIncomplete = (c: CarteControle): boolean =>
  controleTourneeIncomplet({
    date: c.jour && c.heure ? `${c.jour}T${c.heure}` : null,
    appellations: c.appellations,
  });

export const estDimanche = (jour: string): boolean => jour !== '' && estDimancheParis(jour);

/** 'Saisie en lot': the day, time and level given to every card still 'A faire'. */
export function appliquerLot(
  cartes: readonly CarteControle[],
  lot: { jour: string; heure: string; niveau: NiveauControle },
): CarteControle[] {
  return cartes
    .filter((c) => !c.valide)
    .map((c) => ({
      ...c,
      jour: lot.jour,
      heure: lot.heure,
      appellations: c.appellations.map((a) => ({ ...a, niveau: lot.niveau })),
    }));
}

/** The payload of `ajoute` for a card (spec part 1 §3 'Round control payload per operator'). */
export function versPayload(c: CarteControle): OperateurControles {
  return {
    personneMoraleId: c.personneMoraleId,
    date: c.jour && c.heure ? instantParis(c.jour, c.heure) : null,
    controles: c.appellations.map((a) => ({
      aopId: a.aopId,
      siteIds: [...a.siteIds],
      niveau: a.niveau,
      activiteAopIgpIds: [...a.activiteAopIgpIds],
      fichierIds: [...a.fichierIds],
    })),
  };
}

/**
 * The server's field errors of one card's call, by the card's own field names: `date` for
 * `date[{operatorId}]` (or `date`), `controles.{i}.{champ}` for `controles[i].siteId` and the like.
 */
export function erreursDeCarte(
  fieldErrors: readonly { field: string; defaultMessage: string }[],
): Record<string, string> {
  const erreurs: Record<string, string> = {};
  for (const { field, defaultMessage } of fieldErrors) {
    const cle = field.startsWith('date')
      ? 'date'
      : field.replace(/\[(\d+)\]/g, '.$1').replace(/^operateurControles\.\d+\./, '');
    erreurs[cle] ??= defaultMessage;
  }
  return erreurs;
}

/**
 * The cards shown: the round's, where a card still 'A faire' shows its local edits; then the cards
 * moved from the basket and not yet on the server.
 */
export function fusionner(
  serveur: readonly OperateurTournee[],
  locales: readonly CarteControle[],
): CarteControle[] {
  const parId = new Map(locales.map((c) => [c.personneMoraleId, c]));
  const duServeur = serveur
    .map(carteDepuisServeur)
    .map((c) => (c.valide ? c : (parId.get(c.personneMoraleId) ?? c)));
  const connus = new Set(duServeur.map((c) => c.personneMoraleId));
  return [...duServeur, ...locales.filter((c) => !connus.has(c.personneMoraleId))];
}

/** A card edited: its local copy replaced, or added when it came from the server. */
export const remplacer = (
  locales: readonly CarteControle[],
  carte: CarteControle,
): CarteControle[] =>
  locales.some((c) => c.personneMoraleId === carte.personneMoraleId)
    ? locales.map((c) => (c.personneMoraleId === carte.personneMoraleId ? carte : c))
    : [...locales, carte];

/**
 * The server's field errors of a lot (`ajoute-lot`) by card: `operateurControles[k].…` goes to
 * the k-th card sent, `date[{operatorId}]` to that operator's card (issue 32 item 6).
 */
export function erreursDuLot(
  fieldErrors: readonly { field: string; defaultMessage: string }[],
  envoyees: readonly CarteControle[],
): Record<string, Record<string, string>> {
  const parCarte: Record<string, { field: string; defaultMessage: string }[]> = {};
  for (const e of fieldErrors) {
    const indice = /^operateurControles\[(\d+)\]\.(.*)$/.exec(e.field);
    const date = /^date\[(\d+)\]$/.exec(e.field);
    const id = indice ? envoyees[Number(indice[1])]?.personneMoraleId : date?.[1];
    if (!id) continue;
    (parCarte[id] ??= []).push(indice ? { ...e, field: indice[2] ?? '' } : e);
  }
  return Object.fromEntries(Object.entries(parCarte).map(([id, l]) => [id, erreursDeCarte(l)]));
}

/**
 * Issue 32 item 4: the cards whose visit is less than an hour from another visit of the round's
 * controller (another card, or his visits elsewhere), with the warning naming it.
 */
export function alertesMemeHeure(
  cartes: readonly CarteControle[],
  ailleurs: readonly VisiteControleur[],
): Record<string, string> {
  const visites = cartes
    .filter((c) => c.jour && c.heure)
    .map((c) => ({
      cle: c.personneMoraleId,
      raisonSociale: c.raisonSociale,
      date: instantParis(c.jour, c.heure),
    }));
  const autres = ailleurs.map((v) => ({
    cle: `controle-${v.controleId}`,
    raisonSociale: v.raisonSociale,
    date: v.date,
  }));
  return Object.fromEntries(
    [...visitesMemeHeure(visites, autres)].map(([cle, proches]) => [
      cle,
      messageVisitesMemeHeure(proches),
    ]),
  );
}
