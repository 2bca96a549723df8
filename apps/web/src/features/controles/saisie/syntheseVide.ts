/** Spec part 2 §3 'Synthesis per AOP-IGP' (same shape as the step-4 engineer's). */
export interface SyntheseAop {
  audite: {
    observation: string;
    signatures: {
      rapport: { name: string; image: string }[];
      planProgres: { name: string; image: string }[];
    };
    signed: boolean;
  };
  auditeur: { observation: string; signature: string | null; signed: boolean };
}

export const syntheseVide = (): SyntheseAop => ({
  audite: { observation: '', signatures: { rapport: [], planProgres: [] }, signed: false },
  auditeur: { observation: '', signature: null, signed: false },
});
