import { z } from 'zod';
import {
  LONGUEUR_MAX_MOT_DE_PASSE,
  MESSAGE_MOT_DE_PASSE_FAIBLE,
  MESSAGES_VALIDATION,
  reglesNonRespectees,
  RESULTATS_ENVOI,
  ROLES,
} from '@estive/domain';
import { idParamSchema } from './annuaire';
import { pageSchema } from './paging';
import { idSchema, modification, texteSaisi } from './texte';

/** Accounts and rights (issue 16 §4): `/api/utilisateur`, `/api/droits/...`. */

export const motDePasseSchema = z
  .string()
  .max(LONGUEUR_MAX_MOT_DE_PASSE)
  .refine(
    // Over the maximum the max check has spoken: no rule is judged on a huge input.
    (m) => m.length > LONGUEUR_MAX_MOT_DE_PASSE || reglesNonRespectees(m).length === 0,
    MESSAGE_MOT_DE_PASSE_FAIBLE,
  );

const mail = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email(MESSAGES_VALIDATION.email))
  .transform((m) => m.toLowerCase());
const nom = texteSaisi(100).trim().min(1, MESSAGES_VALIDATION.obligatoire);

export const utilisateurCreationSchema = z.object({
  mail,
  nom,
  prenom: nom,
  role: z.enum(ROLES),
  /** The ODGs the account gets a right on. */
  odgIds: z.array(idSchema).min(1, MESSAGES_VALIDATION.obligatoire).max(50),
  /** Temporary password, to change at first sign-in; generated (and mailed) when absent. */
  motDePasse: motDePasseSchema.optional(),
});
export type UtilisateurCreation = z.infer<typeof utilisateurCreationSchema>;

export const utilisateurModificationSchema = modification(
  z.object({
    nom: nom.optional(),
    prenom: nom.optional(),
    role: z.enum(ROLES).optional(),
    odgIds: z.array(idSchema).min(1, MESSAGES_VALIDATION.obligatoire).max(50).optional(),
  }),
);
export type UtilisateurModification = z.infer<typeof utilisateurModificationSchema>;

export const utilisateurLigneSchema = z.object({
  id: z.string(),
  mail: z.string(),
  nom: z.string(),
  prenom: z.string(),
  role: z.enum(ROLES),
  actif: z.boolean(),
  motDePasseTemporaire: z.boolean(),
  droits: z.array(z.object({ id: z.string(), odgId: z.string(), raisonSociale: z.string() })),
});
export type UtilisateurLigne = z.infer<typeof utilisateurLigneSchema>;
export const utilisateurPageSchema = pageSchema(utilisateurLigneSchema);

export const utilisateurQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(2000).default(10),
  recherche: texteSaisi(100).optional(),
  actif: z.stringbool().optional(),
});

/** Mass creation (CSV or XLSX): each line's errors, before anything is written. */
export const importComptesQuerySchema = z.object({
  /** true: dry run, nothing is written. */
  simulation: z.stringbool().default(true),
});
export const importErreurSchema = z.object({
  /** 1-based line of the file (the header is line 1). */
  ligne: z.number().int(),
  champ: z.string().nullable(),
  message: z.string(),
});
export const importComptesReponseSchema = z.object({
  simulation: z.boolean(),
  lignes: z.number().int(),
  comptes: z.array(
    z.object({
      ligne: z.number().int(),
      mail: z.string(),
      nom: z.string(),
      prenom: z.string(),
      role: z.enum(ROLES),
      odgs: z.array(z.string()),
    }),
  ),
  erreurs: z.array(importErreurSchema),
  /** Accounts written (0 in a dry run or when any line is wrong: all or nothing). */
  crees: z.number().int(),
});
export type ImportComptesReponse = z.infer<typeof importComptesReponseSchema>;

export const changementMotDePasseSchema = z.object({
  actuel: z.string().min(1, MESSAGES_VALIDATION.obligatoire).max(LONGUEUR_MAX_MOT_DE_PASSE),
  nouveau: motDePasseSchema,
});
export type ChangementMotDePasse = z.infer<typeof changementMotDePasseSchema>;

/** A right on the active perimeter's ODG given to an account (`/api/droits/morale|controlleur`). */
export const droitCreationSchema = z.object({ utilisateurId: idSchema });
/** Whose right: an office account's (`morale`) or a controller's (`controlleur`, the spec's spelling). */
export const GENRES_DROIT = ['morale', 'controlleur'] as const;
export type GenreDroit = (typeof GENRES_DROIT)[number];
export const droitGenreParamsSchema = z.object({ genre: z.enum(GENRES_DROIT) });
export const droitParamsSchema = droitGenreParamsSchema.extend({ id: idParamSchema });
/** The account created and what became of its invitation mail. */
export const utilisateurCreeSchema = z.object({
  id: z.string(),
  invitation: z.enum(RESULTATS_ENVOI),
});
export const droitCreeSchema = z.object({ id: z.string() });
