import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { colonne, lignes } from '../db/lignes';
import { Appareil } from '../modules/synchro/appareil.test-helpers';
import { annuler } from '../modules/synchro/fixtures.test-helpers';
import type { Perimetre } from './autorisations.perimetres';
import { bearer } from './test-app';

/**
 * What reponses-documentees.test sends beyond the perimeter's ids: queries and path ids that find
 * rows on the demo data, so that an answer is checked with content rather than as an empty list.
 * Each value is read from the database or from a list answer; a missing one fails the setup with
 * its reason instead of making a check vacuous.
 */
export interface Entrees {
  requetes: Record<string, Record<string, string>>;
  ids: Record<string, Record<string, string>>;
}

export interface Appelant {
  jeton: string;
  perimetre: Perimetre;
}

export async function entreesDeDemonstration(
  app: FastifyInstance,
  db: Database,
  bureau: Appelant,
  controleur: Appelant,
): Promise<Entrees> {
  const P = bureau.perimetre.odg;
  const valeur = async (quoi: string, requete: SQL): Promise<string> => {
    const [ligne] = await lignes(
      db,
      requete,
      z.object({ v: z.union([colonne.texte, colonne.entier]) }),
    );
    if (ligne === undefined) throw new Error(`données de démonstration : ${quoi} introuvable`);
    return String(ligne.v);
  };
  const aop = bureau.perimetre.propres.aopIgp;
  const manquement = await lignes(
    db,
    sql`select m.aop_igp_id::text as aop, m.personne_morale_id::text as pm from manquement m
        join aop_igp a on a.id = m.aop_igp_id where a.odg_id = ${P} order by m.id limit 1`,
    z.object({ aop: colonne.texte, pm: colonne.texte }),
  );
  const [mq] = manquement;
  if (!mq) throw new Error('données de démonstration : aucun manquement dans le périmètre');
  const depot = { aopIgpId: aop };
  return {
    requetes: {
      'GET /api/tdb/pression/preselection': {
        campagneId: bureau.perimetre.propres.campagne,
        aopIgpId: aop,
      },
      'GET /api/tdb/pression/tirage': {
        campagneId: await valeur(
          'un tirage',
          sql`select campagne_id as v from tirage where odg_id = ${P} order by id limit 1`,
        ),
      },
      'GET /api/panier/informations': { ids: bureau.perimetre.propres.morale },
      'GET /api/controle/depotExterne/operateurs': depot,
      'GET /api/controle/depotExterne/auditeurs': depot,
      'GET /api/controle/depotExterne/points': depot,
      'GET /api/controle/depotExterne/manquements': { aopIgpId: mq.aop, personneMoraleId: mq.pm },
      'GET /api/personne-morale/recherche/existant': {
        siret: await valeur(
          'un SIRET',
          sql`select siret as v from personne_morale where odg_ids = array[${P}]::bigint[]
              and siret is not null and deleted_at is null order by id limit 1`,
        ),
      },
      'GET /api/contact/physique/recherche': {
        q: await valeur(
          'une personne du périmètre',
          sql`select nom as v from personne_physique where id = ${bureau.perimetre.propres.physique}`,
        ),
      },
      'GET /api/commune/autocomplete-enum': {
        q: await valeur(
          'un code postal',
          sql`select code_postal as v from personne_morale where code_postal is not null
              order by id limit 1`,
        ),
      },
    },
    ids: {
      'GET /api/groupe/:id/membres': { id: await groupeAvecMembre(app, bureau) },
      'GET /api/tdb/conflit/:id': { id: await conflitReel(app, db, controleur, bureau) },
    },
  };
}

/** The demo's groups have no member: the office adds one of its operators, as its screen does. */
async function groupeAvecMembre(app: FastifyInstance, bureau: Appelant): Promise<string> {
  const { groupe, morale } = bureau.perimetre.propres;
  const res = await app.inject({
    method: 'POST',
    url: `/api/groupe/${groupe}/membre`,
    headers: bearer(bureau.jeton, bureau.perimetre.droit),
    payload: { personneMoraleId: morale },
  });
  if (res.statusCode >= 300) {
    throw new Error(
      `ajout d'un membre au groupe ${groupe} : ${String(res.statusCode)} ${res.body}`,
    );
  }
  return groupe;
}

/**
 * The demo holds no sync conflict: the controller's tablet makes one the way the field does (its
 * entry meets a control the office cancelled), and the office's list answer gives its id.
 */
async function conflitReel(
  app: FastifyInstance,
  db: Database,
  controleur: Appelant,
  bureau: Appelant,
): Promise<string> {
  const tablette = new Appareil(app, controleur.jeton);
  await tablette.tirer();
  const programmes = [...tablette.controles.values()]
    .filter((c) => c.statut === 'PROGRAMME')
    .map((c) => Number(c.id));
  const [cible] = await lignes(
    db,
    sql`select id from controle where odg_id = ${bureau.perimetre.odg}
        and id = any(${`{${programmes.join(',')}}`}::bigint[]) order by id limit 1`,
    z.object({ id: colonne.entier }),
  );
  if (!cible) throw new Error('aucun contrôle programmé du contrôleur dans le périmètre');
  await annuler(db, cible.id);
  tablette.saisir(String(cible.id), 'reponses-documentees');
  const { reponse } = await tablette.pousser();
  if (reponse?.resultats[0]?.statut !== 'CONFLIT') {
    throw new Error(`l'envoi n'a pas fait de conflit : ${JSON.stringify(reponse?.resultats)}`);
  }
  const liste = await app.inject({
    url: '/api/tdb/conflit?size=2000',
    headers: bearer(bureau.jeton, bureau.perimetre.droit),
  });
  const conflit = liste
    .json<{ content: { id: string; controleId: string }[] }>()
    .content.find((l) => l.controleId === String(cible.id));
  if (!conflit) throw new Error(`conflit du contrôle ${String(cible.id)} absent de la liste`);
  return conflit.id;
}
