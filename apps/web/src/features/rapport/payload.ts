import {
  GRAVITES,
  LIBELLES_SEVERITE,
  seuilDeGravite,
  type Gravite,
  type Severite,
  estParmi,
} from '@estive/domain';
import type { Grille, ManquementGrille, Mesure, RapportPayload, SyntheseAop } from './provisoire';

const estGravite = (s: Severite): s is Gravite => estParmi(GRAVITES, s);

/** The fields of a local control the report reads (spec part 2 §3 'Control'). */
export interface ControlePourRapport {
  id: string;
  /**
   * The final report number (docs/architecture.md §5); absent on a control stored before report
   * numbers.
   */
  numeroRapport?: string;
  date: string;
  aopIgp: {
    id: string;
    libelle: string;
    type?: string | null;
    migre?: boolean;
    graviteColLabel?: string | null;
  };
  odgRef?: {
    raisonSociale: string;
    siret: string | null;
    /** One line on the server's ODG record. */
    adresse?: string | null;
    codePostal?: string | null;
    ville?: string | null;
    telephone?: string | null;
    mail?: string | null;
  } | null;
  organisme?: { raisonSociale: string } | null;
  referentiels?: { libelle: string; actif: boolean }[];
}

export interface OperateurPourRapport {
  raisonSociale: string;
  siret: string;
  adresse1?: string | null;
  adresse2?: string | null;
  adresse3?: string | null;
  codePostal?: string | null;
  ville?: string | null;
  telephone1?: string | null;
  mail?: string | null;
}

/** The signing user's own profile (spec part 2 §6), or the auditor chosen for the report. */
export interface AuditeurPourRapport {
  nom: string;
  prenom: string;
  mail: string;
  telephone: string | null;
}

export interface OptionsRapport {
  /** Labels of the control's activities (resolved from `activiteaop`). */
  activites?: string[];
  /** Logo of the label's type (AOP, IGP), as a data URL the offline device holds. */
  logoAopIgp?: string | null;
  /** The ODG's logo, as a data URL the offline device holds; none prints its name alone. */
  logoOdg?: string | null;
  /** Clock of the report's 'dateNow': injectable for tests. */
  maintenant?: Date;
}

/** The auditor chosen in the synthesis if any, else the signed-in user's profile. */
export function auditeurDuRapport(
  synthese: SyntheseAop,
  profil: AuditeurPourRapport,
): AuditeurPourRapport {
  const { id, nom, prenom, mail, telephone } = synthese.auditeur;
  if (!id || !nom || prenom === undefined) return profil;
  return { nom, prenom, mail: mail ?? '', telephone: telephone ?? null };
}

const PARIS = 'Europe/Paris';
const jour = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: PARIS,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);
const heure = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, hour: '2-digit', minute: '2-digit' }).format(
    d,
  );
const texte = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '' : String(v);

/** Spec part 2 §3: a migrated label shows thresholds where others show gravities. */
function severiteDuRapport(s: Severite | null | undefined, migre: boolean): string {
  if (!s) return '';
  return LIBELLES_SEVERITE[migre && estGravite(s) ? seuilDeGravite(s) : s];
}

/**
 * Spec part 2 §3 and §9: 'Gravité', or for a migrated label the appellation's own wording
 * ('Seuil' or 'Récidive'), 'Seuil' when it has none.
 */
export function libelleColonneGravite(aop: ControlePourRapport['aopIgp']): string {
  if (!aop.migre) return 'Gravité';
  return aop.graviteColLabel?.trim() || 'Seuil';
}

const adresse = (a: {
  adresse1?: string | null;
  adresse2?: string | null;
  adresse3?: string | null;
  codePostal?: string | null;
  ville?: string | null;
}) =>
  [a.adresse1, a.adresse2, a.adresse3, [a.codePostal, a.ville].filter(Boolean).join(' ')]
    .map(texte)
    .filter((l) => l.trim() !== '');

const delai = (m: Mesure | null | undefined) =>
  [texte(m?.delai), texte(m?.date)].filter((x) => x !== '').join(' — ');

function ligneManquement(
  m: ManquementGrille,
  migre: boolean,
): RapportPayload['manquements'][number] {
  return {
    code: m.pointControleCode,
    libelle: m.libelle,
    categorie: texte(m.categorie),
    valeur: texte(m.valeur),
    gravite: severiteDuRapport(m.seuil, migre),
    informationsAuditeur: texte(m.saisie.informationsAuditeur),
    informationsAudite: texte(m.saisie.informationsAudite),
    mesureCorrective: texte(m.saisie.correctives.mesure),
    delaiCorrective: delai(m.saisie.correctives),
    mesureCorrectrice: texte(m.saisie.correctrices.mesure),
    delaiCorrectrice: delai(m.saisie.correctrices),
  };
}

/**
 * The report of ONE AOP-IGP of a visit, from the local control, the visit's shared grid and
 * synthesis: display-ready strings only, so the PDF is the same on a tablet and in Node.
 */
export function construirePayloadRapport(
  controle: ControlePourRapport,
  grille: Grille,
  synthese: SyntheseAop,
  operateur: OperateurPourRapport,
  auditeur: AuditeurPourRapport,
  options: OptionsRapport = {},
): RapportPayload {
  const aopId = controle.aopIgp.id;
  const migre = controle.aopIgp.migre === true;
  const date = new Date(controle.date);
  const referentiels = (controle.referentiels ?? []).filter((r) => r.actif).map((r) => r.libelle);
  const odg = controle.odgRef;
  const signataire = auditeurDuRapport(synthese, auditeur);

  const categories = [...grille.categories]
    .sort((a, b) => a.ordre - b.ordre)
    .map((c) => ({
      libelle: c.libelle,
      points: [...c.points]
        .sort((a, b) => a.ordre - b.ordre)
        .flatMap((p) => {
          const entree = p.aops.find((a) => a.aopIgpId === aopId);
          if (!entree) return [];
          return [
            {
              code: p.code,
              libelle: p.libelle,
              conformite: texte(entree.saisie.conformite),
              valeur: texte(entree.saisie.valeur),
              gravite: severiteDuRapport(entree.saisie.gravite, migre),
              observation: texte(entree.saisie.observation),
            },
          ];
        }),
    }))
    .filter((c) => c.points.length > 0);

  return {
    odgRef: {
      raisonSociale: texte(odg?.raisonSociale),
      siret: texte(odg?.siret),
      adresse: odg
        ? adresse({ adresse1: odg.adresse, codePostal: odg.codePostal, ville: odg.ville })
        : [],
      telephone: texte(odg?.telephone),
      mail: texte(odg?.mail),
      logo: options.logoOdg ?? null,
    },
    dateControle: jour(date),
    heure: heure(date),
    dateNow: jour(options.maintenant ?? new Date()),
    synthese: {
      audite: {
        observation: synthese.audite.observation ?? '',
        signatures: synthese.audite.signatures,
      },
      auditeur: {
        observation: synthese.auditeur.observation ?? '',
        signature: synthese.auditeur.signature,
      },
    },
    referentielActifs: referentiels,
    aopIgp: {
      id: aopId,
      libelle: controle.aopIgp.libelle,
      type: texte(controle.aopIgp.type),
      referentielsJoin: referentiels.join(', '),
      organismeCertificateur: texte(controle.organisme?.raisonSociale),
      logoAopIgp: options.logoAopIgp ?? null,
      graviteColLabel: libelleColonneGravite(controle.aopIgp),
      migre,
    },
    // Final from creation (docs/architecture.md §5): a control from before report numbers
    // reads its id.
    numeroRapport: `SIQ-${controle.numeroRapport || controle.id}`,
    auditeur: {
      nom: signataire.nom,
      prenom: signataire.prenom,
      mail: signataire.mail,
      telephone: texte(signataire.telephone),
    },
    audite: {
      raisonSociale: operateur.raisonSociale,
      siret: operateur.siret,
      adresse: adresse(operateur),
      telephone: texte(operateur.telephone1),
      mail: texte(operateur.mail),
    },
    activites: options.activites ?? [],
    manquements: grille.manquements
      .filter((m) => m.aopIgp.id === aopId)
      .map((m) => ligneManquement(m, migre)),
    sysExp: grille.groupesSysExploitation
      .filter((g) => !g.ignore)
      .map((g) => ({
        libelle: g.libelle,
        points: g.points.map((p) => ({
          code: p.code,
          libelle: p.libelle,
          // A computed line shows how (spec part 2 §2: 'formula (read-only)'); a typed one has none.
          formule: texte(p.formule),
          valeur: texte(p.valeur),
          unite: texte(p.unite),
        })),
      })),
    categories,
  };
}
