import type { ControleLocal, OperateurLocal, TourneeLocale } from '../../offline/db';

/** The device records the rounds area reads, under the area's names (one definition: offline/db). */
export type ControleTournee = ControleLocal;
export type OperateurAnnuaire = OperateurLocal;
export type TourneeLocaleComplete = TourneeLocale;
