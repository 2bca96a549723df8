import { estFinalise } from '@estive/domain';
import type { SyntheseAop } from '../etape4/synthese';

/**
 * What a signature locks (issue 12, spec part 2 §4-5). An audit report is a legal document: once
 * someone has signed, the entry it prints may not move under the signature, and a finalised
 * control is read-only on the device.
 */

/** The auditor or an audited party has signed on at least one AOP-IGP of the visit. */
export function aUneSignature(synthese: Record<string, SyntheseAop | undefined>): boolean {
  return Object.values(synthese).some(
    (s) =>
      s !== undefined &&
      (s.auditeur.signed ||
        s.auditeur.signature !== null ||
        s.audite.signed ||
        s.audite.signatures.rapport.length > 0 ||
        s.audite.signatures.planProgres.length > 0),
  );
}

/** Every signature of the visit withdrawn; observations and the chosen auditor kept. */
export function sansSignatures(
  synthese: Record<string, SyntheseAop | undefined>,
): Record<string, SyntheseAop> {
  const resultat: Record<string, SyntheseAop> = {};
  for (const [aopId, s] of Object.entries(synthese)) {
    if (!s) continue;
    resultat[aopId] = {
      ...s,
      audite: { ...s.audite, signatures: { rapport: [], planProgres: [] }, signed: false },
      auditeur: { ...s.auditeur, signature: null, signed: false },
    };
  }
  return resultat;
}

export type Verrou = 'libre' | 'signe' | 'finalise';

export const verrouDe = (
  statut: string | null | undefined,
  synthese: Record<string, SyntheseAop | undefined>,
): Verrou => (estFinalise(statut) ? 'finalise' : aUneSignature(synthese) ? 'signe' : 'libre');
