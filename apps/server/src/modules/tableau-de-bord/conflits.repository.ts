import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  RESULTATS_CONTROLE,
  STATUTS_CONTROLE,
  type ResultatControle,
  type StatutControle,
} from '@estive/domain';
import {
  GARDES_CONFLIT,
  MOTIFS_CONFLIT,
  type GardeConflit,
  type MotifConflit,
} from '@estive/contracts';
import type { Database, Transaction } from '../../db/client';
import { colonne, ligne, ligneCompte, lignes, premiereLigne } from '../../db/lignes';
import { iso } from './sql-fragments';

const ligneConflit = z.object({
  id: colonne.texte,
  controleId: colonne.texte,
  numeroRapport: colonne.texte,
  raisonSociale: colonne.texte,
  aopIgp: colonne.texte,
  dateControle: colonne.texte,
  motif: z.enum(MOTIFS_CONFLIT),
  controleur: colonne.texte.nullable(),
  recuLe: colonne.texte,
  resoluLe: colonne.texte.nullable(),
});
export type LigneConflit = z.output<typeof ligneConflit>;

/**
 * A conflict with both sides. The entry, the office's snapshot, the grid and the synthesis stay
 * unknown here: the service reads them with their own schemas (grilleSchema, saisieAppareil…).
 */
const ligneDetailConflit = ligneConflit.extend({
  saisie: colonne.json,
  serveur: colonne.json,
  odgId: colonne.texte,
  /** The control as it stands now (the office's side of a refused, locked entry). */
  actuel: z.object({
    date: colonne.texte,
    statut: z.enum(STATUTS_CONTROLE),
    resultat: z.enum(RESULTATS_CONTROLE).nullable(),
    etapeSaisie: colonne.entier,
    raisonAbandon: colonne.texte.nullable(),
    grille: colonne.json,
    synthese: colonne.json,
    controleur: colonne.texte.nullable(),
  }),
  /** The journaled resolution; null while the conflict is open. */
  resolution: z
    .object({ garde: z.enum(GARDES_CONFLIT), par: colonne.texte, le: colonne.texte })
    .nullable(),
});
export type LigneDetailConflit = z.output<typeof ligneDetailConflit>;

/** What resolving writes on the control: the fields of the version kept. */
export interface ChampsSaisie {
  date: Date;
  statut: StatutControle;
  resultat: ResultatControle | null;
  etapeSaisie: number;
  grille: unknown;
  synthese: unknown;
  raisonAbandon: string | null;
}

const nomUtilisateur = (u: string) =>
  sql.raw(`(select pp.prenom || ' ' || pp.nom from utilisateur uu
              join personne_physique pp on pp.id = uu.personne_physique_id where uu.id = ${u})`);

/** The conflict's columns; the perimeter is the control's ODG (`c.odg_id`). */
const COLONNES = sql`
         k.id::text as id, c.id::text as "controleId", c.numero_rapport::text as "numeroRapport",
         p.raison_sociale as "raisonSociale", a.libelle as "aopIgp",
         ${iso(sql`c.date`)} as "dateControle", k.motif,
         ${nomUtilisateur('i.utilisateur_id')} as controleur,
         ${iso(sql`i.received_at`)} as "recuLe",
         case when k.resolu_le is null then null else ${iso(sql`k.resolu_le`)} end as "resoluLe"`;
const DEPUIS = sql`
    from controle_conflit k
    join controle c on c.id = k.controle_id
    join personne_morale p on p.id = c.personne_morale_id
    join aop_igp a on a.id = c.aop_igp_id
    join sync_inbox i on i.id = k.inbox_id`;

export function createConflitsRepository(db: Database) {
  return {
    async page(odgId: number, resolu: boolean, page: number, size: number) {
      const ou = sql`c.odg_id = ${odgId} and (k.resolu_le is not null) = ${resolu}`;
      const total = await ligne(
        db,
        sql`select count(*)::int as n from controle_conflit k
              join controle c on c.id = k.controle_id where ${ou}`,
        ligneCompte,
      );
      const conflits = await lignes(
        db,
        sql`select ${COLONNES} ${DEPUIS} where ${ou}
            order by coalesce(k.resolu_le, i.received_at) desc, k.id desc
            limit ${size} offset ${page * size}`,
        ligneConflit,
      );
      return { lignes: conflits, total: total.n };
    },

    async detail(tx: Transaction | undefined, odgId: number, id: number, verrou = false) {
      return premiereLigne(
        tx ?? db,
        sql`select ${COLONNES}, k.saisie, k.serveur, c.odg_id::text as "odgId",
              json_build_object('date', ${iso(sql`c.date`)}, 'statut', c.statut,
                'resultat', c.resultat, 'etapeSaisie', c.etape_saisie,
                'raisonAbandon', c.raison_abandon, 'grille', c.grille, 'synthese', c.synthese,
                'controleur', ${nomUtilisateur('c.controleur_id')}) as actuel,
              (select json_build_object('garde', j.details->>'garde',
                        'par', ${nomUtilisateur('j.utilisateur_id')},
                        'le', ${iso(sql`j.created_at`)})
                 from journal_action j
                where j.entite = 'controle_conflit' and j.entite_id = k.id
                  and j.action = 'RESOLUTION_CONFLIT'
                order by j.id desc limit 1) as resolution
            ${DEPUIS}
            where k.id = ${id} and c.odg_id = ${odgId}
            ${verrou ? sql`for update of k, c` : sql``}`,
        ligneDetailConflit,
      );
    },

    transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      return db.transaction(fn);
    },

    /**
     * Closes the conflict, writes the kept version on the control (when there is one to write)
     * and clears its conflict flag unless another applied conflict of it is still open; the
     * control's trigger bumps its version, so the controller's device pulls the change.
     */
    async resoudre(
      tx: Transaction,
      v: {
        id: number;
        controleId: number;
        odgId: number;
        utilisateurId: number;
        garde: GardeConflit;
        motif: MotifConflit;
        champs: ChampsSaisie | null;
      },
    ) {
      await tx.execute(sql`update controle_conflit set resolu_le = now(), updated_at = now()
                            where id = ${v.id} and resolu_le is null`);
      const c = v.champs;
      await tx.execute(sql`update controle set
          ${
            c
              ? sql`date = ${c.date.toISOString()}, statut = ${c.statut}, resultat = ${c.resultat},
                  etape_saisie = ${c.etapeSaisie}, grille = ${JSON.stringify(c.grille)}::jsonb,
                  synthese = ${JSON.stringify(c.synthese)}::jsonb,
                  raison_abandon = ${c.raisonAbandon},`
              : sql``
          }
          conflit = exists (select 1 from controle_conflit o where o.controle_id = controle.id
                             and o.resolu_le is null
                             and o.motif in ('ANNULE', 'MODIFIE', 'SUPPRIME'))
        where id = ${v.controleId} and odg_id = ${v.odgId}`);
      await tx.execute(sql`insert into journal_action (utilisateur_id, action, entite, entite_id, details)
        values (${v.utilisateurId}, 'RESOLUTION_CONFLIT', 'controle_conflit', ${v.id},
                ${JSON.stringify({ controleId: String(v.controleId), motif: v.motif, garde: v.garde })}::jsonb)`);
    },
  };
}
export type ConflitsRepository = ReturnType<typeof createConflitsRepository>;
