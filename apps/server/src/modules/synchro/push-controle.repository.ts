import { and, eq, sql } from 'drizzle-orm';
import type {
  NiveauControle,
  ResultatControle,
  StatutControle,
  TypeDocument,
} from '@estive/domain';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import { colonne, ligne } from '../../db/lignes';
import {
  controle,
  controleConflit,
  fichier,
  syncControleSaisie,
  syncInbox,
  syncTombstone,
} from '../../db/schema';
import { uneLigne } from '../../db/une-ligne';

/** What a new control needs to be created in the ODG (`refusNouveau`), each as a yes or no. */
const ligneRefusNouveau = z.object({
  aop: colonne.booleen,
  habilite: colonne.booleen,
  sites: colonne.booleen,
  activites: colonne.booleen,
});

export interface Saisie {
  date: Date;
  statut: StatutControle;
  resultat: ResultatControle | null;
  etapeSaisie: number;
  grille: unknown;
  synthese: unknown;
  raisonAbandon: string | null;
}

export interface NouvelleLigne extends Saisie {
  rapportSha256: string | null;
  clientUuid: string;
  odgId: number;
  controleurId: number;
  personneMoraleId: number;
  aopIgpId: number;
  niveau: NiveauControle;
  siteIds: number[];
  activiteAopIgpIds: number[];
  fichierIds: number[];
  /** Taken by the device from its reserved numbers; the sequence's next one otherwise. */
  numeroRapport?: number;
}

/** SQL of applying pushed controls; every function runs inside the caller's transaction. */
export const pushControleRepository = {
  /** The row, locked until the end of the transaction: two pushes of it apply one after the other. */
  async verrouiller(tx: Transaction, id: number) {
    const [row] = await tx.select().from(controle).where(eq(controle.id, id)).for('update');
    return row;
  },

  async parClientUuid(tx: Transaction, clientUuid: string) {
    const [row] = await tx
      .select({
        id: controle.id,
        version: controle.version,
        controleurId: controle.controleurId,
        odgId: controle.odgId,
        personneMoraleId: controle.personneMoraleId,
        numeroRapport: controle.numeroRapport,
        statut: controle.statut,
        rapportSha256: controle.rapportSha256,
      })
      .from(controle)
      .where(eq(controle.clientUuid, clientUuid));
    return row;
  },

  /** The control was once the user's (a tombstone was written when it was taken away). */
  async aEteAffecte(tx: Transaction, controleId: number, utilisateurId: number) {
    const [row] = await tx
      .select({ id: syncTombstone.id })
      .from(syncTombstone)
      .where(
        and(
          eq(syncTombstone.entity, 'controle'),
          eq(syncTombstone.entityId, controleId),
          eq(syncTombstone.utilisateurId, utilisateurId),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** The user sent the control's creation (its first entry, from base version 0). */
  async premierEnvoiPar(tx: Transaction, controleId: number, utilisateurId: number) {
    const [row] = await tx
      .select({ id: syncControleSaisie.id })
      .from(syncControleSaisie)
      .innerJoin(syncInbox, eq(syncInbox.id, syncControleSaisie.inboxId))
      .where(
        and(
          eq(syncControleSaisie.controleId, controleId),
          eq(syncControleSaisie.baseVersion, 0),
          eq(syncInbox.utilisateurId, utilisateurId),
        ),
      )
      .orderBy(syncControleSaisie.id)
      .limit(1);
    return row !== undefined;
  },

  async saisieDejaRecue(tx: Transaction, controleId: number, sha256: string, baseVersion: number) {
    const [row] = await tx
      .select({ id: syncControleSaisie.id })
      .from(syncControleSaisie)
      .where(
        and(
          eq(syncControleSaisie.controleId, controleId),
          eq(syncControleSaisie.sha256, sha256),
          eq(syncControleSaisie.baseVersion, baseVersion),
        ),
      );
    return row !== undefined;
  },

  async noterSaisie(
    tx: Transaction,
    values: { controleId: number; baseVersion: number; sha256: string; inboxId: number },
  ) {
    await tx.insert(syncControleSaisie).values(values).onConflictDoNothing();
  },

  async appliquer(
    tx: Transaction,
    id: number,
    saisie: Saisie & { conflit?: boolean; rapportSha256?: string },
  ) {
    const [row] = await tx
      .update(controle)
      .set(saisie)
      .where(eq(controle.id, id))
      .returning({ id: controle.id, version: controle.version });
    return row;
  },

  async noterConflit(tx: Transaction, values: typeof controleConflit.$inferInsert) {
    await tx.insert(controleConflit).values(values);
  },

  /**
   * The same refused entry was already recorded (a device sends it again at each sync): its
   * record, `resolu` once the office chose a version (the entry is then settled).
   */
  async conflitDejaNote(
    tx: Transaction,
    v: { controleId: number; motif: string; baseVersion: number; saisie: unknown },
  ) {
    const [row] = await tx
      .select({ id: controleConflit.id, resoluLe: controleConflit.resoluLe })
      .from(controleConflit)
      .where(
        and(
          eq(controleConflit.controleId, v.controleId),
          eq(controleConflit.motif, v.motif),
          eq(controleConflit.baseVersion, v.baseVersion),
          sql`${controleConflit.saisie} = ${JSON.stringify(v.saisie)}::jsonb`,
        ),
      )
      .orderBy(controleConflit.id)
      .limit(1);
    return row === undefined ? undefined : { resolu: row.resoluLe !== null };
  },

  /** Inserts unless the clientUuid exists (a concurrent push won): then answers nothing. */
  async inserer(tx: Transaction, ligne: NouvelleLigne) {
    const [row] = await tx
      .insert(controle)
      .values(ligne)
      .onConflictDoNothing({ target: controle.clientUuid })
      .returning({
        id: controle.id,
        version: controle.version,
        numeroRapport: controle.numeroRapport,
      });
    return row;
  },

  /**
   * Why a new control may not be created in the ODG, or null: the label must be the ODG's, the
   * operator habilitated (VALIDEE) on it, the sites the operator's and the activities the label's.
   */
  async refusNouveau(
    tx: Transaction,
    l: Pick<
      NouvelleLigne,
      'odgId' | 'personneMoraleId' | 'aopIgpId' | 'siteIds' | 'activiteAopIgpIds'
    >,
  ): Promise<string | null> {
    const r = await ligne(
      tx,
      sql`select
        exists (select 1 from aop_igp a where a.id = ${l.aopIgpId} and a.odg_id = ${l.odgId}) as aop,
        exists (select 1 from habilitation h where h.personne_morale_id = ${l.personneMoraleId}
                   and h.aop_igp_id = ${l.aopIgpId} and h.statut = 'VALIDEE') as habilite,
        (select count(*) from site s where s.personne_morale_id = ${l.personneMoraleId}
            and s.id in (${sql.join(
              l.siteIds.map((id) => sql`${id}`),
              sql`, `,
            )}))
          = ${new Set(l.siteIds).size} as sites,
        (select count(*) from activite_aop aa where aa.aop_igp_id = ${l.aopIgpId}
            and aa.id in (${sql.join(
              l.activiteAopIgpIds.map((id) => sql`${id}`),
              sql`, `,
            )}))
          = ${new Set(l.activiteAopIgpIds).size} as activites`,
      ligneRefusNouveau,
    );
    if (!r.aop) return "Cette AOP-IGP n'est pas dans votre périmètre";
    if (!r.habilite) return "L'opérateur n'est pas habilité pour cette AOP-IGP";
    if (!r.sites) return "Un des sites n'appartient pas à l'opérateur";
    if (!r.activites) return "Une des activités n'appartient pas à l'AOP-IGP";
    return null;
  },

  async fichierExistant(tx: Transaction, controleId: number, sha256: string) {
    const [row] = await tx
      .select({ id: fichier.id })
      .from(fichier)
      .where(and(eq(fichier.controleId, controleId), eq(fichier.sha256, sha256)));
    return row?.id;
  },

  /** A report or signature of the control, filed on the operator too (his latest report). */
  async insererFichier(
    tx: Transaction,
    f: {
      controleId: number;
      personneMoraleId: number;
      typeDocument: TypeDocument;
      fileName: string;
      mimeType: string;
      sha256: string;
      contenu: Buffer;
    },
  ) {
    const row = uneLigne(
      await tx
        .insert(fichier)
        .values({ ...f, taille: f.contenu.length })
        .returning({ id: fichier.id }),
    );
    return row.id;
  },

  async noterRapport(tx: Transaction, controleId: number, sha256: string) {
    await tx.update(controle).set({ rapportSha256: sha256 }).where(eq(controle.id, controleId));
  },

  /** The version the device must keep: read last, after every write of the transaction. */
  async version(tx: Transaction, controleId: number) {
    const row = uneLigne(
      await tx
        .select({ version: controle.version })
        .from(controle)
        .where(eq(controle.id, controleId)),
    );
    return row.version;
  },
};
export type PushControleRepository = typeof pushControleRepository;
