import type { Droit } from '@estive/contracts';
import { at, construireGrille, type AopIgpVisite, type Grille } from '@estive/domain';
import { db } from '../../../offline/db';
import { lireMeta, META } from '../../../offline/sync/meta';
import { prendreNumeros } from '../../../offline/sync/numerosRapport';
import type { OperateurAnnuaire } from '../types';
import {
  COMPTEUR_ID_LOCAL,
  construireControlesInopines,
  labelsHabilites,
  prochainNumeroLocal,
  type ContexteInopine,
  type IdentiteLocale,
} from './creation';
import type { ValeursInopine } from './schema';

/**
 * The sync precondition (spec part 1 §4 'Unannounced inspection'), decided for the device: a
 * last successful sync must exist, so the directory, the reference tables and the user's scope
 * are on the device. Unsynced controls do not block: a controller makes several unannounced
 * inspections in a day without a network, and each is pushed by the next sync.
 */
export async function donneesSynchronisees(): Promise<boolean> {
  return !!(await lireMeta<string>(db, META.derniereSynchro));
}

/** What the device knows of the label, the ODG and the certification body, copied into controls. */
async function contexte(operateur: OperateurAnnuaire, droit: Droit): Promise<ContexteInopine> {
  const controles = await db.controles.toArray();
  const odgRef = controles.find((c) => c.odgRef.id === droit.odgId)?.odgRef ?? {
    id: droit.odgId,
    raisonSociale: droit.raisonSociale,
    siret: droit.siret,
    adresse: null,
    codePostal: null,
    ville: null,
    telephone: null,
    mail: null,
    logoId: null,
  };
  const organismes: { aopIds: string[]; organismeId?: string; raisonSociale?: string }[] =
    await db.organismecertificateur.where('odgId').equals(droit.odgId).toArray();
  const referentiels = await db.referentiels.toArray();
  return {
    operateur,
    odgRef,
    aopIgp: (id, libelle) =>
      controles.find((c) => c.aopIgp.id === id)?.aopIgp ?? {
        id,
        libelle,
        type: 'AOP',
        migre: false,
        graviteColLabel: 'Gravité',
      },
    organisme: (aopIgpId) => {
      const o = organismes.find((x) => x.aopIds.includes(aopIgpId));
      return o?.organismeId ? { id: o.organismeId, raisonSociale: o.raisonSociale ?? '' } : null;
    },
    // Offline creation takes only the active referentials (spec part 2 §5).
    referentiels: (aopIgpId) =>
      referentiels
        .filter((r) => r.aopIgpId === aopIgpId && r.actif)
        .map((r) => ({ id: r.id, libelle: r.libelle, actif: r.actif })),
  };
}

/**
 * The visit's blank grid from the synchronised reference tables (spec part 2 §5: non-archived
 * points linked to the labels), built by the domain exactly as the server would build it.
 */
async function grilleVierge(aopIgps: AopIgpVisite[]): Promise<Grille> {
  const liens = await db.pointcontroleaop
    .where('aopIgpId')
    .anyOf(aopIgps.map((a) => a.id))
    .toArray();
  const [categories, points, groupesSysExp, pointsSysExp] = await Promise.all([
    db.categorie.toArray(),
    db.pointcontrole.bulkGet([...new Set(liens.map((l) => l.pointControleId))]),
    db.groupesysexp.toArray(),
    db.pointsysexp.toArray(),
  ]);
  return construireGrille({
    aopIgps,
    categories,
    pointsControle: points.filter((p) => p !== undefined),
    pointsControleAop: liens,
    groupesSysExp,
    pointsSysExp,
  });
}

export const AUCUN_NUMERO_RAPPORT =
  "Aucun numéro de rapport disponible sur cet appareil : synchronisez l'application pour en obtenir";

/**
 * Creates the controls on the device in one transaction (the id counter moves with them), and
 * answers their ids for the entry form. Created by the server first, they keep its ids and
 * versions, so the entry form's edits are pushed as ordinary edits (never re-sent as new).
 */
export async function creerInopineLocal(
  valeurs: ValeursInopine,
  operateur: OperateurAnnuaire,
  droit: Droit,
  serveur: {
    clientUuids: readonly string[];
    ids?: readonly string[];
    versions?: readonly number[];
    numerosRapport?: readonly string[];
  },
): Promise<string[]> {
  const ctx = await contexte(operateur, droit);
  const libelles = new Map(labelsHabilites(operateur).map((l) => [l.id, l.libelle]));
  const grille = await grilleVierge(
    valeurs.appellations.map((a) => {
      const { id, libelle, migre } = ctx.aopIgp(a.aopIgpId, libelles.get(a.aopIgpId) ?? a.aopIgpId);
      return { id, libelle, migre };
    }),
  );
  return db.transaction('rw', db.controles, db.meta, async () => {
    let numero = (await lireMeta<number>(db, COMPTEUR_ID_LOCAL)) ?? undefined;
    const locales = valeurs.appellations.filter((_, i) => serveur.ids?.[i] === undefined).length;
    // Created offline, the controls take their report numbers from the device's reserved block.
    const numerosLocaux = locales === 0 ? [] : await prendreNumeros(db, droit.odgId, locales);
    if (numerosLocaux === null) throw new Error(AUCUN_NUMERO_RAPPORT);
    const identites: IdentiteLocale[] = valeurs.appellations.map((_, i) => {
      const clientUuid = at(serveur.clientUuids, i);
      const id = serveur.ids?.[i];
      if (id !== undefined) {
        const version = serveur.versions?.[i] ?? 1;
        return { id, clientUuid, version, numeroRapport: serveur.numerosRapport?.[i] ?? '' };
      }
      numero = prochainNumeroLocal(numero);
      return { id: `local-${numero}`, clientUuid, numeroRapport: numerosLocaux.shift() ?? '' };
    });
    await db.meta.put({ key: COMPTEUR_ID_LOCAL, value: numero });
    const controles = construireControlesInopines(
      valeurs,
      { ...ctx, grille },
      identites,
      Date.now(),
    );
    await db.controles.bulkPut(controles);
    return controles.map((c) => c.id);
  });
}
