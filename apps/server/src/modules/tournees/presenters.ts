import {
  operateurControlesSchema,
  type ControleTournee,
  type Tournee,
  type TourneeLigne,
} from '@estive/contracts';
import type {
  LigneControle,
  LigneEvenement,
  LigneOperateur,
  LigneTournee,
} from './tournees.repository';

const refs = (l: { id: number; libelle: string }[] | null) =>
  (l ?? []).map((r) => ({ id: String(r.id), libelle: r.libelle }));

export function presenterLigne(r: LigneTournee): TourneeLigne {
  const controleur =
    r.controleur_id === null
      ? null
      : {
          id: String(r.controleur_id),
          nom: r.controleur_nom ?? '',
          prenom: r.controleur_prenom ?? '',
        };
  return {
    id: String(r.id),
    debut: r.debut,
    fin: r.fin,
    statut: r.statut,
    campagne:
      r.campagne_id === null
        ? null
        : { id: String(r.campagne_id), libelle: r.campagne_libelle ?? '' },
    controleur,
    controleurId: controleur?.id ?? null,
    controleurDenomination: controleur ? `${controleur.prenom} ${controleur.nom}`.trim() : null,
    odgId: String(r.odg_id),
    planning:
      r.planning_id === null ? null : { id: String(r.planning_id), fileName: r.planning_nom ?? '' },
    nbOperateurs: r.nb_operateurs,
  };
}

export function presenterControle(c: LigneControle): ControleTournee {
  return {
    id: String(c.id),
    personneMoraleId: String(c.personne_morale_id),
    date: c.date.toISOString(),
    aopIgp: { id: String(c.aop_id), libelle: c.aop_libelle },
    sites: refs(c.sites),
    niveau: c.niveau,
    statut: c.statut,
    resultat: c.resultat,
    activiteAopIgpIds: (c.activites ?? []).map((a) => String(a.id)),
    activites: refs(c.activites),
    fichierIds: c.fichier_ids.map(String),
    raisonAbandon: c.raison_abandon,
    controleurId: c.controleur_id === null ? null : String(c.controleur_id),
    controleurDenomination: c.controleur,
  };
}

/** A saved draft read back; anything that no longer fits the contract is dropped, not served. */
function brouillon(v: unknown) {
  const r = operateurControlesSchema.safeParse(v);
  return r.success ? r.data : null;
}

export function presenterTournee(
  r: LigneTournee,
  operateurs: LigneOperateur[],
  controles: LigneControle[],
  evenements: LigneEvenement[],
): Tournee {
  const parOperateur = new Map<number, ControleTournee[]>();
  for (const c of controles) {
    const liste = parOperateur.get(c.personne_morale_id) ?? [];
    liste.push(presenterControle(c));
    parOperateur.set(c.personne_morale_id, liste);
  }
  return {
    ...presenterLigne(r),
    operateurs: operateurs.map((o) => {
      const siens = parOperateur.get(o.personne_morale_id) ?? [];
      const b = o.valide ? null : brouillon(o.brouillon);
      return {
        operateur: {
          id: String(o.personne_morale_id),
          raisonSociale: o.raison_sociale,
          siret: o.siret,
          codePostal: o.code_postal,
          ville: o.ville,
        },
        valide: o.valide,
        date: siens[0]?.date ?? b?.date ?? null,
        avisPassage:
          o.avis_id === null ? null : { id: String(o.avis_id), fileName: o.avis_nom ?? '' },
        controles: siens,
        brouillon: b,
      };
    }),
    historique: evenements.map((e) => ({ statut: e.statut, le: e.le.toISOString(), par: e.par })),
  };
}

export function presenterSousLigne(c: LigneControle) {
  const p = presenterControle(c);
  return {
    id: p.id,
    personneMoraleId: p.personneMoraleId,
    raisonSociale: c.raison_sociale,
    aopIgp: p.aopIgp,
    date: p.date,
    sites: p.sites,
    niveau: p.niveau,
    activites: p.activites,
    statut: p.statut,
    raisonAbandon: p.raisonAbandon,
  };
}
