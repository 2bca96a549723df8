import { useState } from 'react';
import type { OperateurLigne, Tournee } from '@estive/contracts';
import { MESSAGES_TOURNEE, type NiveauControle } from '@estive/domain';
import { api, ApiError } from '../../../lib/api';
import { DELAI_TRAVAIL_LONG_MS, lireInformations } from '../api';
import { issueIncertaine } from '../commun/issueIncertaine';
import { notifierEchec, notifierSucces } from '../commun/notifications';
import {
  alertesMemeHeure,
  appliquerLot,
  erreursDuLot,
  nouvelleCarte,
  remplacer,
  versPayload,
  type CarteControle,
} from '../creation/cartes';
import type { InformationsOperateur } from '../types';

export const MESSAGES_RAPIDE = {
  sansOperateur: 'Choisissez au moins un opérateur',
  creationEnCours: (n: number) =>
    `Création de la tournée et des contrôles de ${String(n)} opérateur${n > 1 ? 's' : ''} en cours…`,
  verification: "Le serveur n'a pas répondu à temps : recherche de la tournée créée…",
  creeeApresDelai: "Le serveur n'a pas répondu à temps, mais la tournée a bien été créée.",
  nonCreee:
    "Le serveur n'a pas répondu à temps et aucune tournée n'a été créée : vous pouvez renvoyer.",
  inconnu:
    "Le serveur n'a pas répondu et les tournées n'ont pas pu être relues : la tournée a peut-être été créée. Vérifiez la programmation avant de renvoyer.",
} as const;

const creerTournee = (controleurId: string, cartes: CarteControle[]) =>
  api('POST /api/tournee/creation-rapide', {
    corps: { controleurId, operateurControles: cartes.map(versPayload) },
    timeoutMs: DELAI_TRAVAIL_LONG_MS,
  });

/**
 * No answer in time: the round may exist. The perimeter's rounds in preparation are read, and the
 * one of this controller whose visits are exactly the cards sent (operators and dates) is it.
 */
async function retrouver(controleurId: string, cartes: CarteControle[]): Promise<string | null> {
  const attendues = new Set(
    cartes.map((c) => `${c.personneMoraleId}@${versPayload(c).date ?? ''}`),
  );
  const page = await api('GET /api/tournee/dashboard', {
    query: { statut: ['PREPARATION'], size: 200 },
  });
  const trouvee = page.content.find((r) => {
    if (r.controleurId !== controleurId) return false;
    const visites = new Set(
      r.controles.map((c) => `${c.personneMoraleId}@${new Date(c.date).toISOString()}`),
    );
    return visites.size === attendues.size && [...attendues].every((v) => visites.has(v));
  });
  return trouvee?.id ?? null;
}

/**
 * Quick creation (spec part 1 §4 'quick creation (one or several operators)'): a controller, the
 * operators chosen and their cards, sent as one `creation-rapide` request. `cree` receives the
 * new round's id.
 */
export function useCreationRapide(cree: (id: string) => void) {
  const [controleurId, setControleurId] = useState<string | null>(null);
  const [cartes, setCartes] = useState<CarteControle[]>([]);
  const [informations, setInformations] = useState<Record<string, InformationsOperateur>>({});
  const [erreurs, setErreurs] = useState<Record<string, Record<string, string>>>({});
  const [erreurControleur, setErreurControleur] = useState<string | null>(null);
  const [erreurOperateurs, setErreurOperateurs] = useState<string | null>(null);
  const [travail, setTravail] = useState<string | null>(null);
  const [incertain, setIncertain] = useState<string | null>(null);
  const occupe = travail !== null;

  const ajouter = async (lignes: OperateurLigne[]) => {
    const nouvelles = lignes.filter((l) => !cartes.some((c) => c.personneMoraleId === l.id));
    if (nouvelles.length === 0) return;
    setTravail('Lecture des sites, appellations et documents des opérateurs…');
    try {
      const parId = await lireInformations(nouvelles.map((l) => l.id));
      setInformations((x) => ({ ...x, ...parId }));
      setCartes((c) => [
        ...c,
        ...nouvelles.map((l) =>
          nouvelleCarte(
            {
              personneMoraleId: l.id,
              raisonSociale: l.raisonSociale,
              codePostal: l.codePostal,
              ville: l.ville,
            },
            parId[l.id],
          ),
        ),
      ]);
      setErreurOperateurs(null);
    } catch (e) {
      notifierEchec(MESSAGES_TOURNEE.operateursNonAjoutes, e);
    } finally {
      setTravail(null);
    }
  };

  const creer = async () => {
    const sansControleur = controleurId === null;
    setErreurControleur(sansControleur ? 'Ce champ est obligatoire' : null);
    setErreurOperateurs(cartes.length === 0 ? MESSAGES_RAPIDE.sansOperateur : null);
    if (sansControleur || cartes.length === 0) return;
    const envoyees = cartes;
    setIncertain(null);
    setTravail(MESSAGES_RAPIDE.creationEnCours(envoyees.length));
    try {
      const t: Tournee = await creerTournee(controleurId, envoyees);
      notifierSucces(MESSAGES_TOURNEE.controlesCrees);
      cree(t.id);
    } catch (e) {
      if (!issueIncertaine(e)) {
        const champs = e instanceof ApiError ? (e.corps?.fieldErrors ?? []) : [];
        setErreurs(erreursDuLot(champs, envoyees));
        setErreurControleur(champs.find((f) => f.field === 'controleurId')?.defaultMessage ?? null);
        notifierEchec(MESSAGES_TOURNEE.erreurCreationControles, e);
        return;
      }
      setTravail(MESSAGES_RAPIDE.verification);
      try {
        const id = await retrouver(controleurId, envoyees);
        if (id) {
          notifierSucces(MESSAGES_RAPIDE.creeeApresDelai);
          cree(id);
        } else
          notifierEchec(
            MESSAGES_TOURNEE.erreurCreationControles,
            new Error(MESSAGES_RAPIDE.nonCreee),
          );
      } catch {
        setIncertain(MESSAGES_RAPIDE.inconnu);
      }
    } finally {
      setTravail(null);
    }
  };

  return {
    controleurId,
    choisirControleur: (id: string) => {
      setControleurId(id);
      setErreurControleur(null);
    },
    cartes,
    informations,
    erreurs,
    alertes: alertesMemeHeure(cartes, []),
    erreurControleur,
    erreurOperateurs,
    travail,
    incertain,
    occupe,
    ajouter: (l: OperateurLigne[]) => void ajouter(l),
    modifier: (carte: CarteControle) => setCartes((c) => remplacer(c, carte)),
    retirer: (id: string) => setCartes((c) => c.filter((x) => x.personneMoraleId !== id)),
    saisieEnLot: (lot: { jour: string; heure: string; niveau: NiveauControle }) =>
      setCartes((c) => appliquerLot(c, lot)),
    creer: () => void creer(),
  };
}
export type CreationRapide = ReturnType<typeof useCreationRapide>;
