import type { SyntheseAop } from '../../../rapport';
import type { EntreeSignatureAudite } from './DialogueSignatureAudite';

export type { SyntheseAop };

export const syntheseVide = (): SyntheseAop => ({
  audite: { observation: '', signatures: { rapport: [], planProgres: [] }, signed: false },
  auditeur: { observation: '', signature: null, signed: false },
});

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
