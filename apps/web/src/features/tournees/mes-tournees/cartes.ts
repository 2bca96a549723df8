import { formaterHeure, jourParis, joursAffiches, type Affichage, type Jour } from '@estive/domain';
import type { ControleTournee } from '../types';

/**
 * A visit card (spec part 1 §2 'Mes tournées'): the controls of one operator, with one status, at
 * one date, in one round. One control is one operator × one AOP-IGP × one date, so a visit to a
 * farm making Comté and Morbier shows as one card with two labels.
 */
export interface CarteVisite {
  cle: string;
  personneMoraleId: string;
  statut: ControleTournee['statut'];
  tourneeId: string | null;
  /** The instant of the visit (ISO). */
  date: string;
  jour: Jour;
  controles: ControleTournee[];
  /** At least one control holds local work not yet pushed: the card shows a warning icon. */
  nonSynchronise: boolean;
  /** The office cancelled or reassigned a control the controller had filled offline. */
  enConflit: boolean;
  /** Why the server refused the device's entry (REJETE): the device keeps it and says so. */
  rejet: string | null;
}

/** 'HH:mm' as seen in Paris, the time a controller reads on his card. */
export const heureParis = (date: string): string => formaterHeure(date);

/** Instants written differently ('…Z', '…+01:00') are the same visit time. */
const instant = (date: string): string => {
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? date : d.toISOString();
};

export function grouperEnCartes(controles: readonly ControleTournee[]): CarteVisite[] {
  const cartes = new Map<string, CarteVisite>();
  for (const c of controles) {
    const date = instant(c.date);
    const cle = [c.personneMoraleId, c.statut, date, c.tourneeId ?? ''].join('|');
    const carte = cartes.get(cle);
    if (carte) {
      carte.controles.push(c);
      carte.nonSynchronise ||= c.sync === false;
      carte.enConflit ||= c.conflit;
      carte.rejet ??= typeof c.rejet === 'string' ? c.rejet : null;
    } else {
      cartes.set(cle, {
        cle,
        personneMoraleId: c.personneMoraleId,
        statut: c.statut,
        tourneeId: c.tourneeId ?? null,
        date,
        jour: jourParis(date),
        controles: [c],
        nonSynchronise: c.sync === false,
        enConflit: c.conflit,
        rejet: typeof c.rejet === 'string' ? c.rejet : null,
      });
    }
  }
  for (const carte of cartes.values()) {
    carte.controles.sort((a, b) => a.aopIgp.libelle.localeCompare(b.aopIgp.libelle, 'fr'));
  }
  return [...cartes.values()].sort(
    (a, b) => a.date.localeCompare(b.date) || a.cle.localeCompare(b.cle),
  );
}

export interface Colonne {
  jour: Jour;
  cartes: CarteVisite[];
}

/** The columns of the view: Monday to Saturday in week view, the day alone in day view. */
export const colonnes = (
  jour: Jour,
  affichage: Affichage,
  cartes: readonly CarteVisite[],
): Colonne[] =>
  joursAffiches(jour, affichage).map((j) => ({
    jour: j,
    cartes: cartes.filter((c) => c.jour === j),
  }));

/** The days the date picker marks with a dot. */
export const joursAvecControles = (controles: readonly { date: string }[]): Set<Jour> =>
  new Set(controles.map((c) => jourParis(c.date)));

/** 'Comité … de Comté' → the URL of the entry form for the card's controls. */
export const lienSaisie = (carte: Pick<CarteVisite, 'controles'>): string =>
  `/controle/saisie?ids=${carte.controles.map((c) => c.id).join(',')}`;
