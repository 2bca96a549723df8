import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES, type Role } from '@estive/domain';
import type { Database, Transaction } from '../../db/client';
import { colonne, lignes, premiereLigne } from '../../db/lignes';
import { TYPES_ODG } from '../../db/vocabulaire';

/** Who asks, as the SQL sees it: the active ODG, and whether the national body asks. */
export interface Portee {
  odgId: number;
  cnaol: boolean;
  utilisateurId: number;
}

const roles = z.array(z.enum(ROLES));

/** An account as 'Comptes' lists it (LIGNE), with its rights (json_agg, '[]' when none). */
const ligneCompte = z.object({
  id: colonne.entier,
  mail: colonne.texte,
  nom: colonne.texte,
  prenom: colonne.texte,
  roles,
  actif: colonne.booleen,
  motDePasseTemporaire: colonne.booleen,
  droits: z.array(
    z.object({ id: colonne.entier, odgId: colonne.entier, raisonSociale: colonne.texte }),
  ),
});
export type LigneCompte = z.output<typeof ligneCompte>;

/** A page of accounts: each row carries the count of the whole list. */
const ligneCompteDePage = ligneCompte.extend({ total: colonne.entier });
const ligneCompteModifiable = ligneCompte.extend({ personnePhysiqueId: colonne.entier });
const ligneRoles = z.object({ id: colonne.entier, roles });
const ligneOdg = z.object({
  id: colonne.entier,
  siret: colonne.texte.nullable(),
  raisonSociale: colonne.texte,
});
const ligneId = z.object({ id: colonne.entier });
/** A right, its holder and how many rights the holder has (the last one cannot go). */
const ligneDroit = z.object({
  id: colonne.entier,
  utilisateurId: colonne.entier,
  restants: colonne.entier,
});

export interface NouveauCompte {
  mail: string;
  nom: string;
  prenom: string;
  role: Role;
  odgIds: number[];
  passwordHash: string;
}

/** Accounts with a right on the active ODG: the perimeter of the settings' 'Comptes'. */
const VISIBLE = (p: Portee) =>
  sql`exists (select 1 from droit d where d.utilisateur_id = u.id and d.organisme_id = ${p.odgId})`;

/**
 * Accounts the asker may change: visible ones; for an ANIMATEUR, only those wholly of its ODG
 * (no right elsewhere) and not of the national body.
 */
const MODIFIABLE = (p: Portee) =>
  sql`(${VISIBLE(p)} and (${p.cnaol} or (not 'ROLE_CNAOL' = any(u.roles)
        and not exists (select 1 from droit d where d.utilisateur_id = u.id and d.organisme_id <> ${p.odgId}))))`;

const LIGNE = sql`u.id, u.login as mail, pp.nom, pp.prenom, u.roles, u.actif,
  u.mot_de_passe_temporaire as "motDePasseTemporaire",
  coalesce((select json_agg(json_build_object('id', d.id, 'odgId', d.organisme_id, 'raisonSociale', o.raison_sociale) order by o.raison_sociale)
            from droit d join organisme o on o.id = d.organisme_id where d.utilisateur_id = u.id), '[]'::json) as droits`;

type Executant = Database | Transaction;

export function createComptesRepository(db: Database) {
  return {
    async lister(
      p: Portee,
      f: { recherche?: string; actif?: boolean; page: number; size: number },
    ) {
      const conditions: SQL[] = [VISIBLE(p)];
      if (f.actif !== undefined) conditions.push(sql`u.actif = ${f.actif}`);
      if (f.recherche) {
        const motif = `%${f.recherche.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          sql`(u.login ilike ${motif} or pp.nom ilike ${motif} or pp.prenom ilike ${motif})`,
        );
      }
      const where = sql.join(conditions, sql` and `);
      const page = await lignes(
        db,
        sql`select ${LIGNE}, count(*) over ()::int as total
            from utilisateur u join personne_physique pp on pp.id = u.personne_physique_id
            where ${where}
            order by pp.nom, pp.prenom, u.id
            limit ${f.size} offset ${f.page * f.size}`,
        ligneCompteDePage,
      );
      return { lignes: page, total: page[0]?.total ?? 0 };
    },

    async trouverModifiable(p: Portee, id: number, tx: Executant = db) {
      return premiereLigne(
        tx,
        sql`select ${LIGNE}, u.personne_physique_id as "personnePhysiqueId"
            from utilisateur u join personne_physique pp on pp.id = u.personne_physique_id
            where u.id = ${id} and ${MODIFIABLE(p)}
            for update of u`,
        ligneCompteModifiable,
      );
    },

    /** Any account (the national body gives rights to whom it wants). */
    async trouverParId(tx: Executant, id: number) {
      return premiereLigne(
        tx,
        sql`select id, roles from utilisateur where id = ${id} for update`,
        ligneRoles,
      );
    },

    /** ODGs (or ODG référentes) among these ids: a right is never held on a certifying body. */
    async odgsExistants(ids: number[], tx: Executant = db) {
      if (ids.length === 0) return [];
      return lignes(
        tx,
        sql`select id, siret, raison_sociale as "raisonSociale" from organisme
            where id = any(${`{${ids.join(',')}}`}::bigint[]) and type in (${TYPES_ODG})`,
        ligneOdg,
      );
    },

    /** Every ODG, by SIRET and name, for the import's `odg` column. */
    async listerOdgs() {
      return lignes(
        db,
        sql`select id, siret, raison_sociale as "raisonSociale" from organisme
            where type in (${TYPES_ODG}) order by raison_sociale`,
        ligneOdg,
      );
    },

    async mailsExistants(mails: string[], tx: Executant = db): Promise<Set<string>> {
      if (mails.length === 0) return new Set();
      const rows = await lignes(
        tx,
        sql`select login from utilisateur
            where login in (select jsonb_array_elements_text(${JSON.stringify(mails)}::jsonb))`,
        z.object({ login: colonne.texte }),
      );
      return new Set(rows.map((r) => r.login));
    },

    async creer(tx: Transaction, c: NouveauCompte): Promise<number> {
      const personne = await premiereLigne(
        tx,
        sql`insert into personne_physique (nom, prenom, mail, organisme_id)
            values (${c.nom}, ${c.prenom}, ${c.mail}, ${c.odgIds[0] ?? null}) returning id`,
        ligneId,
      );
      if (!personne) throw new Error('personne non créée');
      const user = await premiereLigne(
        tx,
        sql`insert into utilisateur (login, password_hash, roles, personne_physique_id, mot_de_passe_temporaire)
            values (${c.mail}, ${c.passwordHash}, ${`{${c.role}}`}::text[], ${personne.id}, true)
            returning id`,
        ligneId,
      );
      if (!user) throw new Error('utilisateur non créé');
      await this.remplacerDroits(tx, user.id, c.odgIds);
      return user.id;
    },

    async modifier(
      tx: Transaction,
      compte: { id: number; personnePhysiqueId: number },
      m: { nom?: string; prenom?: string; role?: Role; odgIds?: number[] },
    ) {
      if (m.nom !== undefined || m.prenom !== undefined) {
        await tx.execute(sql`update personne_physique set
            nom = coalesce(${m.nom ?? null}, nom), prenom = coalesce(${m.prenom ?? null}, prenom),
            updated_at = now() where id = ${compte.personnePhysiqueId}`);
      }
      if (m.role !== undefined) {
        await tx.execute(
          sql`update utilisateur set roles = ${`{${m.role}}`}::text[], updated_at = now() where id = ${compte.id}`,
        );
      }
      if (m.odgIds !== undefined) await this.remplacerDroits(tx, compte.id, m.odgIds);
    },

    async remplacerDroits(tx: Transaction, utilisateurId: number, odgIds: number[]) {
      const liste = `{${odgIds.join(',')}}`;
      await tx.execute(sql`delete from droit where utilisateur_id = ${utilisateurId}
                             and not organisme_id = any(${liste}::bigint[])`);
      await tx.execute(sql`insert into droit (utilisateur_id, organisme_id)
                           select ${utilisateurId}, unnest(${liste}::bigint[])
                           on conflict (utilisateur_id, organisme_id) do nothing`);
    },

    /** Deactivation and its consequence: every refresh token of the account revoked at once. */
    async definirActif(tx: Transaction, id: number, actif: boolean) {
      await tx.execute(
        sql`update utilisateur set actif = ${actif}, updated_at = now() where id = ${id}`,
      );
      if (!actif) {
        await tx.execute(sql`update refresh_token set revoked_at = now()
                             where utilisateur_id = ${id} and revoked_at is null`);
        // Every node's websocket hears it at commit and signs the account's open pages out.
        // The channel of the sync hints (synchro/indices.repository.ts, migration 0011).
        await tx.execute(sql`select pg_notify('estive_synchro', 'utilisateur')`);
      }
    },

    async ajouterDroit(tx: Transaction, utilisateurId: number, odgId: number): Promise<number> {
      const row = await premiereLigne(
        tx,
        sql`insert into droit (utilisateur_id, organisme_id) values (${utilisateurId}, ${odgId})
            on conflict (utilisateur_id, organisme_id) do update set updated_at = now()
            returning id`,
        ligneId,
      );
      if (!row) throw new Error('droit non créé');
      return row.id;
    },

    /** A right on the active ODG, with its holder (locked: the last-right rule reads it). */
    async trouverDroit(tx: Transaction, p: Portee, droitId: number) {
      return premiereLigne(
        tx,
        sql`select d.id, d.utilisateur_id as "utilisateurId",
                   (select count(*)::int from droit x where x.utilisateur_id = d.utilisateur_id) as restants
            from droit d where d.id = ${droitId} and d.organisme_id = ${p.odgId}
            for update of d`,
        ligneDroit,
      );
    },

    async supprimerDroit(tx: Transaction, droitId: number) {
      await tx.execute(sql`delete from droit where id = ${droitId}`);
    },

    async motDePasse(utilisateurId: number) {
      const row = await premiereLigne(
        db,
        sql`select password_hash as hash from utilisateur where id = ${utilisateurId}`,
        z.object({ hash: colonne.texte }),
      );
      return row?.hash;
    },

    async changerMotDePasse(utilisateurId: number, hash: string) {
      await db.execute(sql`update utilisateur set password_hash = ${hash},
                           mot_de_passe_temporaire = false, updated_at = now()
                           where id = ${utilisateurId}`);
    },

    transaction<T>(f: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(f);
    },
  };
}
export type ComptesRepository = ReturnType<typeof createComptesRepository>;
