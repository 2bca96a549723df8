import { syntheseVide } from '@estive/domain';
import type { AuditeurChoisi, SyntheseAop } from '../../../rapport';
import type { EntreeSignatureAudite } from './DialogueSignatureAudite';

export { syntheseVide, type SyntheseAop };

export const syntheseDe = (synthese: Record<string, SyntheseAop>, aopIgpId: string) =>
  synthese[aopIgpId] ?? syntheseVide();

export function avecObservations(
  s: SyntheseAop,
  observations: { audite?: string; auditeur?: string },
): SyntheseAop {
  return {
    audite: { ...s.audite, observation: observations.audite ?? s.audite.observation },
    auditeur: { ...s.auditeur, observation: observations.auditeur ?? s.auditeur.observation },
  };
}

export function signeeParAuditeur(s: SyntheseAop, image: string): SyntheseAop {
  return { ...s, auditeur: { ...s.auditeur, signature: image, signed: true } };
}

/** Each entry signs the report, the progress plan, or both: the report lists them apart. */
export function signeeParAudite(s: SyntheseAop, entrees: EntreeSignatureAudite[]): SyntheseAop {
  const nommee = ({ name, image }: EntreeSignatureAudite) => ({ name, image });
  return {
    ...s,
    audite: {
      ...s.audite,
      signatures: {
        rapport: entrees.filter((e) => e.rapportAudit).map(nommee),
        planProgres: entrees.filter((e) => e.planProgres).map(nommee),
      },
      signed: true,
    },
  };
}

export const estSignee = (s: SyntheseAop) => s.auditeur.signed && s.audite.signed;

/**
 * Names the report's auditor on every AOP-IGP of the visit (one person audits the whole visit).
 * A signature belongs to the person who drew it: a signed synthesis keeps its auditor.
 */
export function avecAuditeur(
  synthese: Record<string, SyntheseAop>,
  aopIgpIds: readonly string[],
  auditeur: AuditeurChoisi,
): Record<string, SyntheseAop> {
  const suivante = { ...synthese };
  for (const id of aopIgpIds) {
    const s = syntheseDe(synthese, id);
    if (!s.auditeur.signed) suivante[id] = { ...s, auditeur: { ...s.auditeur, ...auditeur } };
  }
  return suivante;
}

/** The auditor chosen for this synthesis, if any (else the report names the signed-in user). */
export function auditeurChoisi(s: SyntheseAop): AuditeurChoisi | null {
  const { id, nom, prenom, mail, telephone } = s.auditeur;
  if (!id || !nom || prenom === undefined) return null;
  return { id, nom, prenom, mail: mail ?? '', telephone: telephone ?? null };
}
