import { createHash } from 'node:crypto';
import {
  formaterDate,
  formaterDateLongue,
  formaterHeure,
  formaterSiret,
  formaterTelephone,
  libelleNiveau,
  texteRempli,
} from '@estive/domain';
import {
  construireAvisPassage,
  construirePlanning,
  genererDocumentPdf,
  type AppellationVisite,
  type OdgDocument,
} from '@estive/report/node';
import type { Transaction } from '../../db/client';
import {
  lireEntete,
  lireModeles,
  lireOperateurs,
  type OperateurDocument,
} from './documents.repository';
import type { TourneesFichiersRepository } from './tournees-fichiers.repository';
import type { LigneControle, TourneesRepository } from './tournees.repository';

const IMAGES = new Set(['image/png', 'image/jpeg']);

/** A time of day worth printing: a control set for a day only is stored at midnight in Paris. */
const heureDe = (date: Date | string) => {
  const h = formaterHeure(date);
  return h === '00:00' ? '' : h;
};

const appellation = (c: LigneControle): AppellationVisite => ({
  libelle: c.aop_libelle,
  niveau: libelleNiveau(c.niveau),
  sites: (c.sites ?? []).map((s) => s.libelle).join(', '),
  activites: (c.activites ?? []).map((a) => a.libelle).join(', '),
});

const adresse = (o: OperateurDocument) => [
  ...[o.adresse1, o.adresse2, o.adresse3, o.adresse4].filter((l): l is string => !!l?.trim()),
  [o.code_postal, o.ville].filter(Boolean).join(' '),
];

/** A file name without the characters file systems refuse. */
const nomFichier = (base: string) =>
  `${base
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, '_')
    .slice(0, 120)}.pdf`;

/**
 * Issue 14 Deliver 4: finalising a round produces its 'Planning de contrôle' and one 'Avis de
 * passage' per operator, stored as files (≤ 5,000,000 bytes, with their sha256) and attached to
 * the round and its operators in the finalising transaction: the device that pulls the round
 * finds its planning. A change of controller afterwards produces them again (issue 27 §6): the
 * new files replace the attached ones, the old ones stay stored, unattached.
 */
export function producteurDocuments(
  lecture: TourneesRepository,
  ecriture: TourneesFichiersRepository,
) {
  return async (tx: Transaction, tourneeId: number) => {
    const entete = await lireEntete(tx, tourneeId);
    if (!entete) return;
    const controles = await lecture.controles([tourneeId], tx);
    const operateurs = await lireOperateurs(tx, tourneeId);
    const logo =
      entete.logo && entete.logo_mime && IMAGES.has(entete.logo_mime)
        ? `data:${entete.logo_mime};base64,${Buffer.from(entete.logo).toString('base64')}`
        : null;
    const odg: OdgDocument = {
      raisonSociale: entete.odg_raison_sociale,
      adresse: [
        entete.odg_adresse,
        [entete.odg_code_postal, entete.odg_ville].filter(Boolean).join(' '),
      ].filter((l): l is string => !!l?.trim()),
      telephone: formaterTelephone(entete.odg_telephone),
      mail: entete.odg_mail ?? '',
      logo,
    };
    const maintenant = new Date();
    const controleur = entete.controleur ?? '';
    // The ODG's templates, filled from the round and each visit (issue 16 §3).
    const modeles = new Map((await lireModeles(tx, tourneeId)).map((m) => [m.type, m]));
    const modeleAvis = modeles.get('AVIS_PASSAGE');
    const modelePlanning = modeles.get('PLANNING');
    const periode = `du ${formaterDate(`${entete.debut}T12:00:00Z`)} au ${formaterDate(`${entete.fin}T12:00:00Z`)}`;
    const parOperateur = new Map<number, LigneControle[]>();
    for (const c of controles) {
      const liste = parOperateur.get(c.personne_morale_id) ?? [];
      liste.push(c);
      parOperateur.set(c.personne_morale_id, liste);
    }
    const visites = operateurs
      .map((o) => ({ o, siens: parOperateur.get(o.id) ?? [] }))
      .filter((v) => v.siens.length > 0)
      .sort((a, b) => (a.siens[0]?.date.getTime() ?? 0) - (b.siens[0]?.date.getTime() ?? 0));
    // The office may give one control of the round to another controller (issue 27 §6): the
    // planning is the round controller's, so it lists his visits only, and each avis de passage
    // names whoever comes for that operator's controls.
    const duControleur = (c: LigneControle) =>
      c.controleur_id === null ||
      entete.controleur_id === null ||
      c.controleur_id === entete.controleur_id;
    const visitesPlanning = visites
      .map((v) => ({ ...v, siens: v.siens.filter(duControleur) }))
      .filter((v) => v.siens.length > 0);
    const controleurDeLaVisite = (siens: LigneControle[]) =>
      [...new Set(siens.map((c) => c.controleur ?? controleur))].filter(Boolean).join(' et ') ||
      controleur;

    const enregistrer = async (
      typeDocument: 'PLANNING' | 'AVIS_PASSAGE',
      fileName: string,
      contenu: Buffer,
      personneMoraleId: number | null,
    ) =>
      ecriture.enregistrerFichier(tx, {
        typeDocument,
        fileName,
        contenu,
        sha256: createHash('sha256').update(contenu).digest('hex'),
        personneMoraleId,
      });

    const planning = await genererDocumentPdf(
      construirePlanning({
        odg,
        controleur,
        periode,
        campagne: entete.campagne ?? '',
        editeLe: formaterDate(maintenant),
        ...(modelePlanning && {
          texte: texteRempli(modelePlanning, {
            odg: odg.raisonSociale,
            controleur,
            periode,
            campagne: entete.campagne ?? '',
            nombre_operateurs: String(visitesPlanning.length),
          }),
        }),
        visites: visitesPlanning.map(({ o, siens }) => {
          const date = siens[0]?.date ?? maintenant;
          return {
            jour: formaterDateLongue(date),
            heure: heureDe(date),
            raisonSociale: o.raison_sociale,
            siret: formaterSiret(o.siret),
            lieu: adresse(o).join(', '),
            appellations: siens.map(appellation),
          };
        }),
      }),
    );
    await ecriture.attacherPlanning(
      tx,
      tourneeId,
      await enregistrer(
        'PLANNING',
        nomFichier(`Planning_de_controle_${controleur}_${entete.debut}`),
        planning,
        null,
      ),
    );

    for (const { o, siens } of visites) {
      const date = siens[0]?.date ?? maintenant;
      const heure = heureDe(date);
      const venu = controleurDeLaVisite(siens);
      const pdf = await genererDocumentPdf(
        construireAvisPassage({
          odg,
          destinataire: { raisonSociale: o.raison_sociale, adresse: adresse(o) },
          editeLe: formaterDate(maintenant),
          jour: formaterDateLongue(date),
          heure: heure ? `à ${heure}` : '',
          controleur: venu,
          appellations: siens.map(appellation),
          ...(modeleAvis && {
            texte: texteRempli(modeleAvis, {
              odg: odg.raisonSociale,
              operateur: o.raison_sociale,
              controleur: venu,
              jour: formaterDateLongue(date),
              heure: heure ? `à ${heure}` : '',
              appellations: siens.map((c) => c.aop_libelle).join(', '),
            }),
          }),
        }),
      );
      const id = await enregistrer(
        'AVIS_PASSAGE',
        nomFichier(`Avis_de_passage_${o.raison_sociale}_${entete.debut}`),
        pdf,
        o.id,
      );
      await ecriture.attacherAvisPassage(tx, tourneeId, o.id, id);
    }
  };
}
