import {
  compterPagesNavigateur,
  genererPdfNavigateurAvecPages,
  nomFichierRapport,
} from '@estive/report';
import { session } from '../../../../offline/session/session';
import { db, type ControleLocal } from '../../../../offline/db';
import { idLogoType, lireImageStockee } from '../../../../offline/documents';
import {
  construirePayloadRapport,
  type AuditeurPourRapport,
  type Grille,
  type OperateurPourRapport,
  type SyntheseAop,
} from '../../../rapport';

/** What a report needs beyond the control: read once per visit from the device. */
export interface ContexteVisite {
  operateur: OperateurPourRapport;
  auditeur: AuditeurPourRapport;
  /** Activity labels per AOP-IGP id. */
  activites: Record<string, string[]>;
  /** Logos kept on the device (offline/documents.ts), as data URLs: the ODG's by ODG id, seals by type. */
  logos: { odg: Record<string, string | null>; type: Record<string, string | null> };
}

export interface RapportGenere {
  blob: Blob;
  octets: Uint8Array;
  pages: number;
  fileName: string;
}

/**
 * The operator comes from the local directory, the auditor from the signing user's own profile
 * (spec part 2 §6), so a report can be produced with no network.
 */
export async function chargerContexte(controles: ControleLocal[]): Promise<ContexteVisite> {
  const premier = controles[0];
  if (!premier) throw new Error('Aucun contrôle à finaliser');
  const operateur = await db.annuaire.get(premier.personneMoraleId);
  if (!operateur) throw new Error(`Opérateur ${premier.personneMoraleId} absent de l'appareil`);
  const principal = session.get().principal;
  if (!principal) throw new Error('Utilisateur non identifié');
  const activites: Record<string, string[]> = {};
  const logos: ContexteVisite['logos'] = { odg: {}, type: {} };
  for (const c of controles) {
    const liens = await db.activiteaop.bulkGet(c.activiteAopIgpIds);
    activites[c.aopIgp.id] = liens.flatMap((l) => (l ? [l.activiteLibelle] : []));
    const { odgRef } = c;
    if (odgRef.logoId && !(odgRef.id in logos.odg)) {
      logos.odg[odgRef.id] = await lireImageStockee(db, odgRef.logoId);
    }
    const type = c.aopIgp.type;
    if (!(type in logos.type)) {
      logos.type[type] = await lireImageStockee(db, idLogoType(type));
    }
  }
  return {
    operateur,
    auditeur: {
      nom: principal.nom,
      prenom: principal.prenom,
      mail: principal.mail,
      telephone: principal.telephone,
    },
    activites,
    logos,
  };
}

/**
 * The payload of one AOP-IGP's report: the preview, the final report and its fingerprint all
 * build it here, from the same context, so they print the same thing.
 */
export function payloadRapport(
  controle: ControleLocal,
  grille: Grille,
  synthese: SyntheseAop,
  contexte: ContexteVisite,
) {
  const odgId = controle.odgRef.id;
  return construirePayloadRapport(
    controle,
    grille,
    synthese,
    contexte.operateur,
    contexte.auditeur,
    {
      activites: contexte.activites[controle.aopIgp.id] ?? [],
      logoOdg: contexte.logos.odg[odgId] ?? null,
      logoAopIgp: contexte.logos.type[controle.aopIgp.type] ?? null,
    },
  );
}

/**
 * The page count of the report as signed with `synthese`'s signers (their images left out: each
 * sits in a frame of fixed size), without producing it: the audited party's dialog states it.
 */
export function compterPagesRapport(
  controle: ControleLocal,
  grille: Grille,
  synthese: SyntheseAop,
  contexte: ContexteVisite,
): Promise<number> {
  return compterPagesNavigateur(payloadRapport(controle, grille, synthese, contexte));
}

/**
 * One AOP-IGP's report as a PDF. `empreinte` is the fingerprint printed in the footer of the
 * final report (see finaliser.ts); previews have none.
 */
export async function genererRapport(
  controle: ControleLocal,
  grille: Grille,
  synthese: SyntheseAop,
  contexte: ContexteVisite,
  empreinte?: string,
): Promise<RapportGenere> {
  const payload = payloadRapport(controle, grille, synthese, contexte);
  if (empreinte) payload.empreinte = empreinte;
  const { blob, pages } = await genererPdfNavigateurAvecPages(payload);
  return {
    blob,
    octets: new Uint8Array(await blob.arrayBuffer()),
    pages,
    fileName: nomFichierRapport({
      siret: contexte.operateur.siret,
      aop: controle.aopIgp.libelle,
      numeroRapport: payload.numeroRapport,
      date: controle.date,
    }),
  };
}
