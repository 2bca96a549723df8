/**
 * The audit synthesis of one AOP-IGP (spec part 2 §3 'Synthesis per AOP-IGP' and 'Audited
 * signature entry'): observations and signatures of the audited party and of the auditor.
 */
import { z } from 'zod';

/** One person signing for the audited party; both flags default to true (spec part 2 §5). */
export const signatureAuditeSchema = z.object({
  id: z.string(),
  /** First name plus last name. */
  name: z.string(),
  /** The signature image (PNG data URL, 400×100; 200×100 before issue 12), null until signed. */
  image: z.string().nullable().default(null),
  rapportAudit: z.boolean().default(true),
  planProgres: z.boolean().default(true),
});

/** A signature as listed in the report: who and the image. */
export const signatureNommeeSchema = z.object({ name: z.string(), image: z.string() });

export const syntheseSchema = z.object({
  audite: z
    .object({
      observation: z.string().nullable().default(null),
      /** The signature lists of the report: the audit report, and the progress plan. */
      signatures: z
        .object({
          rapport: z.array(signatureNommeeSchema).default([]),
          planProgres: z.array(signatureNommeeSchema).default([]),
        })
        .prefault({}),
      signed: z.boolean().default(false),
    })
    .prefault({}),
  auditeur: z
    .object({
      observation: z.string().nullable().default(null),
      /** The auditor's signature image (data URL, 400x100). */
      signature: z.string().nullable().default(null),
      signed: z.boolean().default(false),
      /**
       * The auditor chosen in 'Recherche auditeur' when the signed-in user signs for a colleague;
       * absent, the report names the signed-in user (docs/decisions.md 'Recherche auditeur').
       */
      id: z.string().optional(),
      nom: z.string().optional(),
      prenom: z.string().optional(),
      mail: z.string().optional(),
      telephone: z.string().nullable().optional(),
    })
    .prefault({}),
});

export type SignatureAudite = z.output<typeof signatureAuditeSchema>;
export type SignatureNommee = z.output<typeof signatureNommeeSchema>;
export type SyntheseAop = z.output<typeof syntheseSchema>;
/** A visit's synthesis: one per AOP-IGP id, as a control stores it. */
export const synthesesSchema = z.record(z.string(), syntheseSchema);
export type Syntheses = z.output<typeof synthesesSchema>;

export const syntheseVide = (): SyntheseAop => syntheseSchema.parse({});

/** The default audited signature entry: one exists from the start (spec part 2 §5). */
export const nouvelleSignatureAudite = (id: string, name = ''): SignatureAudite => ({
  id,
  name,
  image: null,
  rapportAudit: true,
  planProgres: true,
});

/**
 * Records the audited signatures: each signed entry goes to the list(s) it signs. Without
 * manquement there is no progress plan to sign (the option is hidden), so none goes there.
 */
export function signerAudite(
  synthese: SyntheseAop,
  entrees: readonly SignatureAudite[],
  avecManquements: boolean,
): SyntheseAop {
  const signees = entrees.filter(
    (e): e is SignatureAudite & { image: string } => e.image !== null && e.image !== '',
  );
  const nommee = (e: SignatureAudite & { image: string }) => ({ name: e.name, image: e.image });
  return {
    ...synthese,
    audite: {
      ...synthese.audite,
      signatures: {
        rapport: signees.filter((e) => e.rapportAudit).map(nommee),
        planProgres: avecManquements ? signees.filter((e) => e.planProgres).map(nommee) : [],
      },
      signed: signees.length > 0,
    },
  };
}

export const signerAuditeur = (synthese: SyntheseAop, image: string): SyntheseAop => ({
  ...synthese,
  auditeur: { ...synthese.auditeur, signature: image, signed: true },
});

/** Both parties signed: one of the conditions to finalise. */
export const syntheseSignee = (synthese: SyntheseAop | null | undefined): boolean =>
  !!synthese && synthese.audite.signed && synthese.auditeur.signed;
