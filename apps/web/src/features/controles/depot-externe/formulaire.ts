import type { DepotExterneRequest } from '@estive/contracts';
import {
  instantParis,
  type EtatManquement,
  type NiveauControle,
  type ResultatControle,
  type Severite,
} from '@estive/domain';

/** The options of a select: the codes, shown by their labels. */
export const opt = <K extends string>(v: readonly K[], l: Record<K, string>) =>
  v.map((x) => ({ value: x, label: l[x] }));

export interface Choix {
  id: string;
  libelle: string;
}
export interface LigneManquementForm {
  key: string;
  point: Choix | null;
  manquement: Choix | null;
  valeur: string;
  etat: EtatManquement | null;
  gravite: Severite | null;
  correctiveMesure: string;
  correctiveDelai: string;
  correctiveDate: string;
  correctriceMesure: string;
  correctriceDelai: string;
  correctriceDate: string;
}
export interface LigneControleForm {
  key: string;
  aopIgp: string | null;
  niveau: NiveauControle | null;
  date: string;
  heure: string;
  resultat: ResultatControle | null;
  observation: string;
  operateur: Choix | null;
  auditeur: Choix | null;
  manquements: LigneManquementForm[];
  manquementsExistant: LigneManquementForm[];
}
export interface DepotForm {
  controles: LigneControleForm[];
}

export const nouveauManquement = (
  etat: EtatManquement | null = 'EN_COURS_OC',
): LigneManquementForm => ({
  key: crypto.randomUUID(),
  point: null,
  manquement: null,
  valeur: '',
  etat,
  gravite: null,
  correctiveMesure: '',
  correctiveDelai: '',
  correctiveDate: '',
  correctriceMesure: '',
  correctriceDelai: '',
  correctriceDate: '',
});
export const nouveauControle = (): LigneControleForm => ({
  key: crypto.randomUUID(),
  aopIgp: null,
  niveau: null,
  date: '',
  heure: '10:00',
  resultat: null,
  observation: '',
  operateur: null,
  auditeur: null,
  manquements: [],
  manquementsExistant: [],
});

const vide = (s: string) => (s.trim() === '' ? null : s.trim());
const suivi = (mesure: string, delai: string, date: string) => ({
  mesure: vide(mesure),
  delai: vide(delai),
  date: vide(date),
});
const ligneManquement = (m: LigneManquementForm) => ({
  key: m.key,
  valeur: m.valeur,
  etat: m.etat,
  gravite: m.gravite,
  correctives: suivi(m.correctiveMesure, m.correctiveDelai, m.correctiveDate),
  correctrices: suivi(m.correctriceMesure, m.correctriceDelai, m.correctriceDate),
});

/** The request body (spec part 2 §7 'External deposit'); the server judges every rule. */
export function versRequete(f: DepotForm): DepotExterneRequest {
  return {
    controles: f.controles.map((c) => ({
      key: c.key,
      aopIgpId: c.aopIgp,
      niveau: c.niveau,
      date: c.date ? instantParis(c.date, c.heure || '10:00') : null,
      resultat: c.resultat,
      observation: vide(c.observation),
      operateurId: c.operateur?.id ?? null,
      auditeurId: c.auditeur?.id ?? null,
      manquements: c.manquements.map((m) => ({
        ...ligneManquement(m),
        pointId: m.point?.id ?? null,
      })),
      manquementsExistant: c.manquementsExistant.map((m) => ({
        ...ligneManquement(m),
        manquementId: m.manquement?.id ?? null,
      })),
    })),
  };
}
