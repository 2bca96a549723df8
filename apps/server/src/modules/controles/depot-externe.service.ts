import {
  dateControleDepose,
  finDelai,
  jourParis,
  MESSAGES_TOURNEE,
  MESSAGES_VALIDATION as M,
  ROLES_BUREAU,
} from '@estive/domain';
import {
  ID_DECIMAL,
  MESSAGE_ID_INVALIDE,
  type DepotExterneOdg,
  type DepotExterneResponse,
  type depotExterneRequestSchema,
} from '@estive/contracts';
import type { z } from 'zod';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import type {
  ControleDepose,
  DepotExterneRepository,
  ManquementDepose,
} from './depot-externe.repository';

type Depot = z.output<typeof depotExterneRequestSchema>;
type LigneDepot = Depot['controles'][number];
type LigneManquement = LigneDepot['manquements'][number];
type ErreurChamp = { field: string; defaultMessage: string };

const ETAT_NOUVEAU_EXTERNE = 'EN_COURS_OC' as const;
/** The same deposit sent twice (issue 32 item 4): the spec gives no wording; ours, naming it. */
export const dejaDepose = (id: number) => `Ce contrôle a déjà été déposé (contrôle n° ${id})`;
export const DEUX_FOIS = 'Ce contrôle figure deux fois dans le dépôt';
const vide = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/**
 * An id of the form as PostgreSQL can hold it: absent (null), decimal digits within a safe
 * integer, or 'invalide' (`abc`, `1.5`, `1e3`, 20 digits): a field error, never a cast error.
 */
function idDe(v: string | null | undefined): number | null | 'invalide' {
  if (vide(v)) return null;
  const n = ID_DECIMAL.test(v ?? '') ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : 'invalide';
}
const nombre = (v: number | null | 'invalide') => (typeof v === 'number' ? v : null);

/**
 * External deposit (spec part 1 §2, part 2 §5): CNAOL and ANIMATEUR record controls done by
 * another body in the active perimeter. Every problem of every row is answered at once with the
 * spec's messages; nothing is written unless all rows are valid.
 */
export function createDepotExterneService(repo: DepotExterneRepository) {
  function perimetre(acteur: Acteur): number {
    requireRole(acteur, ...ROLES_BUREAU);
    return requirePerimetre(acteur);
  }

  function verifierManquement(
    m: Omit<LigneManquement, 'pointId'>,
    champ: (nom: string, message: string) => void,
  ): ManquementDepose | null {
    if (vide(m.valeur)) champ('valeur', M.obligatoire);
    if (!m.etat) champ('etat', M.obligatoire);
    if (!m.gravite) champ('gravite', M.obligatoire);
    if (vide(m.valeur) || !m.etat || !m.gravite) return null;
    const suivi = (s: LigneManquement['correctives']) => ({
      mesure: s?.mesure ?? null,
      delai: s?.delai ?? null,
      date: s?.date ?? null,
    });
    return {
      valeur: m.valeur?.trim() ?? '',
      etat: m.etat,
      gravite: m.gravite,
      correctives: suivi(m.correctives),
      correctrices: suivi(m.correctrices),
    };
  }

  async function verifierLigne(
    odgId: number,
    c: LigneDepot,
    i: number,
    erreurs: ErreurChamp[],
  ): Promise<ControleDepose | null> {
    const avant = erreurs.length;
    const champ = (nom: string, defaultMessage: string) =>
      erreurs.push({ field: `controles[${i}].${nom}`, defaultMessage });
    /** The id of `nom`, or null with its field error (missing, or not an id). */
    const idChamp = (nom: string, v: string | null | undefined, message = M.obligatoire) => {
      const id = idDe(v);
      if (id === null) champ(nom, message);
      if (id === 'invalide') champ(nom, MESSAGE_ID_INVALIDE);
      return nombre(id);
    };
    const aopIgpId = idChamp('aopIgp', c.aopIgpId);
    const aopValide = aopIgpId !== null && (await repo.aopDeLOdg(odgId, aopIgpId));
    if (aopIgpId !== null && !aopValide)
      champ('aopIgp', "Cette AOP-IGP n'est pas dans votre périmètre");
    if (!c.niveau) champ('niveau', M.obligatoire);
    const messageDate = dateControleDepose(c.date ?? null, jourParis(new Date()));
    if (messageDate) champ('date', messageDate);
    if (!c.resultat) champ('resultat', M.obligatoire);
    const operateurId = idChamp('operateur', c.operateurId);
    const auditeurId = idChamp('auditeur', c.auditeurId);
    let activites: number[] = [];
    if (aopValide && operateurId !== null) {
      activites = await repo.activitesHabilitees(aopIgpId, operateurId);
      if (activites.length === 0)
        champ('operateur', "L'opérateur n'est pas habilité pour cette AOP-IGP");
    }
    if (auditeurId !== null && !(await repo.auditeursConnus(odgId, [auditeurId])).has(auditeurId))
      champ('auditeur', "Cet auditeur n'est pas dans votre périmètre");
    if (c.resultat === 'NON_CONFORME' && c.manquements.length + c.manquementsExistant.length === 0)
      champ('manquements', M.manquementsObligatoires);

    const pointIds = c.manquements.flatMap((m) => nombre(idDe(m.pointId)) ?? []);
    const points = aopValide ? await repo.pointsDuLabel(aopIgpId, pointIds) : new Set<number>();
    const nouveaux = c.manquements.map((m, j) => {
      const sous = (nom: string, message: string) => champ(`manquements[${j}].${nom}`, message);
      const pointId = idDe(m.pointId);
      if (pointId === null) sous('point', M.obligatoire);
      else if (pointId === 'invalide') sous('point', MESSAGE_ID_INVALIDE);
      else if (aopValide && !points.has(pointId))
        sous('point', "Ce point de contrôle n'est pas celui de l'AOP-IGP");
      // A new external shortcoming is the certifying body's: its state is EN_COURS_OC (spec
      // part 2 §4), whatever the row says.
      const ligne = verifierManquement({ ...m, etat: ETAT_NOUVEAU_EXTERNE }, sous);
      return ligne && typeof pointId === 'number' ? { ...ligne, pointId } : null;
    });
    const existantIds = c.manquementsExistant.flatMap((m) => nombre(idDe(m.manquementId)) ?? []);
    const siens =
      aopValide && operateurId !== null
        ? await repo.manquementsDe(odgId, aopIgpId, operateurId, existantIds)
        : new Set<number>();
    const existants = c.manquementsExistant.map((m, j) => {
      const sous = (nom: string, message: string) =>
        champ(`manquementsExistant[${j}].${nom}`, message);
      const manquementId = idDe(m.manquementId);
      if (manquementId === null) sous('manquement', M.obligatoire);
      else if (manquementId === 'invalide') sous('manquement', MESSAGE_ID_INVALIDE);
      else if (aopValide && operateurId !== null && !siens.has(manquementId))
        sous('manquement', "Ce manquement n'est pas celui de l'opérateur pour cette AOP-IGP");
      const ligne = verifierManquement(m, sous);
      return ligne && typeof manquementId === 'number' ? { ...ligne, manquementId } : null;
    });
    if (erreurs.length > avant || !aopValide || !c.niveau || !c.date || !c.resultat) return null;
    if (operateurId === null || auditeurId === null) return null;
    const date = new Date(c.date);
    const existant = await repo.depotExistant(odgId, aopIgpId, operateurId, date);
    if (existant !== null) {
      champ('date', dejaDepose(existant));
      return null;
    }
    // A measure with a delay and no date gets its due date, as a controller's does on sync:
    // the overdue list and the reminders read only the date (issue 32 item 3).
    const jour = jourParis(date);
    const echeance = <M extends ManquementDepose>(m: M): M => ({
      ...m,
      correctives: {
        ...m.correctives,
        date: m.correctives.date ?? finDelai(jour, m.correctives.delai),
      },
      correctrices: {
        ...m.correctrices,
        date: m.correctrices.date ?? finDelai(jour, m.correctrices.delai),
      },
    });
    return {
      aopIgpId,
      niveau: c.niveau,
      date,
      resultat: c.resultat,
      observation: c.observation?.trim() || null,
      operateurId,
      auditeurId,
      activiteAopIgpIds: activites,
      nouveaux: nouveaux.filter((m) => m !== null).map(echeance),
      existants: existants.filter((m) => m !== null).map(echeance),
    };
  }

  return {
    /**
     * `GET /api/controle/depotExterne/odg/{id}`: `id` is the active perimeter (the right the
     * page was opened under, as the client knows it); any other is refused with the spec's text.
     */
    async odg(acteur: Acteur, droitId: number): Promise<DepotExterneOdg> {
      const odgId = perimetre(acteur);
      if (acteur.droitActif?.id !== droitId) throw forbidden(MESSAGES_TOURNEE.perimetreDepot);
      const o = await repo.odg(odgId);
      if (!o) throw notFound();
      return o;
    },

    async deposer(acteur: Acteur, depot: Depot): Promise<DepotExterneResponse> {
      const odgId = perimetre(acteur);
      const erreurs: ErreurChamp[] = [];
      const lignes: (ControleDepose | null)[] = [];
      const vus = new Set<string>();
      for (const [i, c] of depot.controles.entries()) {
        const ligne = await verifierLigne(odgId, c, i, erreurs);
        const cle = ligne && `${ligne.aopIgpId}/${ligne.operateurId}/${ligne.date.getTime()}`;
        if (cle && vus.has(cle))
          erreurs.push({ field: `controles[${i}].date`, defaultMessage: DEUX_FOIS });
        if (cle) vus.add(cle);
        lignes.push(ligne);
      }
      if (erreurs.length > 0) {
        const globales = erreurs.some((e) => e.defaultMessage === M.manquementsObligatoires)
          ? [M.manquementsObligatoires]
          : [];
        throw invalid(MESSAGES_TOURNEE.erreurCreationControles, globales, erreurs);
      }
      const ids = await repo.deposer(
        odgId,
        acteur.utilisateurId,
        lignes.filter((l) => l !== null),
      );
      return { ids: ids.map(String) };
    },

    async operateurs(acteur: Acteur, aopIgpId: number, q: string) {
      return repo.operateurs(perimetre(acteur), aopIgpId, q);
    },
    async auditeurs(acteur: Acteur, q: string) {
      return repo.auditeurs(perimetre(acteur), q);
    },
    async points(acteur: Acteur, aopIgpId: number, q: string) {
      return repo.points(perimetre(acteur), aopIgpId, q);
    },
    async manquements(acteur: Acteur, aopIgpId: number, operateurId: number) {
      return repo.manquementsExistants(perimetre(acteur), aopIgpId, operateurId);
    },
  };
}
export type DepotExterneService = ReturnType<typeof createDepotExterneService>;
