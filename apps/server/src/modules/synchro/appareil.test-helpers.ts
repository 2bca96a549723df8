import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Checkpoint, PushControlesData, PushControlesResponse } from '@estive/contracts';
import type { Database } from '../../db/client';
import { bearer } from '../../test/test-app';
import { exemplaires } from './fixtures.test-helpers';
import { corpsPush, saisie, tirer, type DocTire } from './synchro.test-helpers';

type Local = DocTire & { sync?: boolean; toCreate?: boolean };

/**
 * A tablet, reduced to its controls: it pulls the control feed batch by batch (batch and
 * checkpoint together), never lets a pulled document overwrite unpushed work, and applies push
 * answers as the web client's sync engine does (apps/web/src/offline/sync/push.ts).
 */
export class Appareil {
  readonly controles = new Map<string, Local>();
  checkpoint: Checkpoint | undefined;

  constructor(
    private readonly app: FastifyInstance,
    public token: string,
  ) {}

  /** `lots`: stop after that many batches (a pull cut short: the next one resumes). */
  async tirer(lots = Infinity): Promise<DocTire[]> {
    const recus: DocTire[] = [];
    for (let n = 1; ; n++) {
      const lot = await tirer(this.app, this.token, 'controle', {
        checkpoint: this.checkpoint,
        batchSize: 10,
      });
      recus.push(...lot.documents);
      this.ecrire(lot.documents);
      this.checkpoint = lot.checkpoint;
      if (lot.documents.length < 10 || n >= lots) return recus;
    }
  }

  /**
   * The end of every run of the web engine: the controls held are checked again
   * (`controle-recheck`), so a synced copy the feed will not serve again (a DOUBLON answer on a
   * row changed before the checkpoint) still takes the server's state.
   */
  async reverifier() {
    const ids = [...this.controles.keys()].filter((id) => /^\d+$/.test(id));
    if (ids.length === 0) return;
    const res = await this.app.inject({
      method: 'GET',
      url: `/api/synchro/controle-recheck?reCheckIds=${ids.join(',')}`,
      headers: bearer(this.token),
    });
    expect(res.statusCode).toBe(200);
    this.ecrire(res.json<{ documents: DocTire[] }>().documents);
  }

  private ecrire(documents: DocTire[]) {
    for (const doc of documents) {
      if (this.controles.get(doc.id)?.sync === false) continue;
      if (doc._deleted) this.controles.delete(doc.id);
      else this.controles.set(doc.id, { ...doc, sync: true });
    }
  }

  /** The controller fills a control offline; `marque` identifies his entry. */
  saisir(id: string, marque: string, extra: Record<string, unknown> = {}) {
    const c = this.controles.get(id);
    if (!c) throw new Error(`contrôle ${id} absent de l'appareil`);
    const { localId: _l, baseVersion: _b, ...entree } = saisie(c, marque, extra);
    this.controles.set(id, { ...entree, sync: false });
  }

  creer(nouveau: { localId: string } & Record<string, unknown>) {
    this.controles.set(nouveau.localId, {
      ...nouveau,
      id: nouveau.localId,
      _deleted: false,
      toCreate: true,
      sync: false,
    });
  }

  donnees(): PushControlesData {
    const locaux = [...this.controles.values()].filter((c) => c.sync === false);
    const sansFlags = ({ sync: _s, toCreate: _t, _deleted: _d, ...c }: Local) => c;
    return {
      newControles: locaux
        .filter((c) => c.toCreate)
        .map((c) => ({ ...sansFlags(c), localId: c.id })),
      controles: locaux
        .filter((c) => !c.toCreate)
        .map((c) => ({ ...sansFlags(c), localId: c.id, baseVersion: c.version })),
    };
  }

  corps() {
    return corpsPush(this.donnees());
  }

  async pousser(options: { reponsePerdue?: boolean; droit?: string } = {}) {
    const { payload, headers } = this.corps();
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/synchro/controle',
      payload,
      headers: { ...headers, ...bearer(this.token, options.droit) },
    });
    if (res.statusCode !== 200) return { statusCode: res.statusCode, reponse: undefined };
    const reponse = res.json<PushControlesResponse>();
    // The server committed; the answer never reaches the tablet (killed, network cut).
    if (!options.reponsePerdue) this.appliquer(reponse);
    return { statusCode: 200, reponse };
  }

  appliquer(reponse: PushControlesResponse) {
    const rejetes = new Set(
      reponse.resultats.filter((r) => r.statut === 'REJETE').map((r) => r.localId),
    );
    for (const r of reponse.resultats) {
      const local = this.controles.get(r.localId);
      if (!local || r.statut === 'REJETE' || r.id === null) continue;
      if (r.id !== r.localId) this.controles.delete(r.localId);
      this.controles.set(r.id, {
        ...local,
        id: r.id,
        version: r.version ?? undefined,
        sync: true,
        toCreate: false,
        conflit: r.statut === 'CONFLIT',
      });
    }
    for (const id of reponse.toRemove) if (!rejetes.has(id)) this.controles.delete(id);
  }
}

/**
 * How every fault case ends: each controller entry is on the server exactly once, the tablet
 * holds no unpushed work, and after a pull it holds exactly the server's controls of its scope,
 * in the server's state.
 */
export async function verifierAccord(
  app: FastifyInstance,
  db: Database,
  appareil: Appareil,
  marques: string[],
) {
  for (const marque of marques) expect(await exemplaires(db, marque), `entrée ${marque}`).toBe(1);
  await appareil.tirer();
  await appareil.reverifier();
  expect([...appareil.controles.values()].filter((c) => c.sync === false)).toEqual([]);
  const neuf = new Appareil(app, appareil.token);
  await neuf.tirer();
  expect([...appareil.controles.keys()].sort()).toEqual([...neuf.controles.keys()].sort());
  for (const [id, serveur] of neuf.controles) {
    const local = appareil.controles.get(id);
    expect({
      id,
      version: local?.version,
      statut: local?.statut,
      grille: local?.grille,
      conflit: local?.conflit,
    }).toEqual({
      id,
      version: serveur.version,
      statut: serveur.statut,
      grille: serveur.grille,
      conflit: serveur.conflit,
    });
  }
}
