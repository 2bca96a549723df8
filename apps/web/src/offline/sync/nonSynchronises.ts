import type {
  DBCore,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  DBCoreTransaction,
  Dexie,
  Middleware,
  Transaction,
} from 'dexie';

/**
 * The controls holding local work not yet pushed, kept in `meta` (issue 29 item 3): one entry
 * per control, keyed `controleNonSynchronise/<id>`, so that the push reads a key range instead of
 * every grid on the device (IndexedDB cannot index the boolean `sync`). One entry per id rather
 * than one list: adding and removing are blind writes, never a read-modify-write.
 *
 * The entries mirror the store — an entry exists iff the control exists with `sync === false` —
 * and are kept by a Dexie middleware, not by each writer: every write to `controles` anywhere in
 * the app (entry, signature, cancellation, unannounced visit, push answer, pull) updates them in
 * the same IndexedDB transaction, which the middleware widens to `meta`. A write and its entry
 * commit or abort together; a crash between them is impossible.
 */
export const PREFIXE_NON_SYNCHRONISE = 'controleNonSynchronise/';
const CONTROLES = 'controles';
const META = 'meta';

const cle = (id: string) => PREFIXE_NON_SYNCHRONISE + id;

/** The ids of the controls with unpushed work, in id order (the order a scan gave). */
export async function idsNonSynchronises(db: Dexie): Promise<string[]> {
  const cles = await db
    .table<{ key: string }, string>(META)
    .where('key')
    .startsWith(PREFIXE_NON_SYNCHRONISE)
    .primaryKeys();
  return cles.map((k) => k.slice(PREFIXE_NON_SYNCHRONISE.length));
}

/** Those of `ids` that are listed: the pull's protected controls, without reading their grids. */
export async function parmiNonSynchronises(db: Dexie, ids: string[]): Promise<Set<string>> {
  const entrees = await db
    .table<{ key: string; value: string }, string>(META)
    .bulkGet(ids.map(cle));
  return new Set(entrees.flatMap((e) => (e ? [e.value] : [])));
}

export async function compterControlesNonSynchronises(db: Dexie): Promise<number> {
  return db.table(META).where('key').startsWith(PREFIXE_NON_SYNCHRONISE).count();
}

/**
 * The migration of a device from the version that kept no entries: one scan of the controls, in
 * the schema upgrade's transaction (Dexie runs it once, when the stored version is older).
 */
export async function construireNonSynchronises(tx: Transaction): Promise<void> {
  const ids = await tx
    .table<{ id: string; sync?: boolean }, string>(CONTROLES)
    .filter((c) => c.sync === false)
    .primaryKeys();
  await tx.table(META).bulkPut(ids.map((id) => ({ key: cle(id), value: id })));
}

interface EntreeNonSynchronise {
  key: string;
  value: string;
}

/** The entries a successful write to `controles` sets and removes. */
function effets(req: DBCoreMutateRequest, res: DBCoreMutateResponse) {
  const poser: EntreeNonSynchronise[] = [];
  const retirer: string[] = [];
  if (req.type === 'add' || req.type === 'put') {
    req.values.forEach((valeur: { id: string; sync?: boolean }, i) => {
      if (res.failures[i]) return;
      if (valeur.sync === false) poser.push({ key: cle(valeur.id), value: valeur.id });
      else retirer.push(cle(valeur.id));
    });
  } else if (req.type === 'delete') {
    req.keys.forEach((id: string, i) => {
      if (!res.failures[i]) retirer.push(cle(id));
    });
  }
  return { poser, retirer };
}

/**
 * A failed entry write aborts the whole transaction, not only its promise: even if the caller
 * catches the error, the control's write must not commit without its entry.
 */
function echouer(trans: DBCoreTransaction, erreur: unknown): never {
  try {
    trans.abort();
  } catch {
    // Already aborted or finished: nothing of it commits anyway.
  }
  throw erreur instanceof Error ? erreur : new Error(String(erreur));
}

function verifier(trans: DBCoreTransaction, res: DBCoreMutateResponse): void {
  if (res.numFailures > 0)
    echouer(trans, res.failures[0] ?? 'Écriture des contrôles non synchronisés impossible');
}

export const suiviNonSynchronises: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'EstiveControlesNonSynchronises',
  create: (bas) => ({
    ...bas,
    transaction: (tables, mode, options) =>
      bas.transaction(
        mode === 'readwrite' && tables.includes(CONTROLES) && !tables.includes(META)
          ? [...tables, META]
          : tables,
        mode,
        options,
      ),
    table: (nom) => {
      const table = bas.table(nom);
      if (nom !== CONTROLES) return table;
      const meta = bas.table(META);
      return {
        ...table,
        // Chained with then, as Dexie's own middlewares: the IndexedDB transaction stays active.
        mutate: (req) => {
          const { trans } = req;
          const ecrire = (poser: EntreeNonSynchronise[], retirer: string[]) =>
            (poser.length > 0
              ? meta.mutate({ type: 'put', trans, values: poser }).then((r) => verifier(trans, r))
              : Promise.resolve()
            )
              .then(() =>
                retirer.length > 0
                  ? meta
                      .mutate({ type: 'delete', trans, keys: retirer })
                      .then((r) => verifier(trans, r))
                  : undefined,
              )
              .catch((err: unknown) => echouer(trans, err));
          if (req.type === 'deleteRange') {
            // A clear() or a range delete names no keys: those in the range are read first.
            return table
              .query({
                trans,
                values: false,
                query: { index: table.schema.primaryKey, range: req.range },
              })
              .then(({ result }) =>
                table.mutate(req).then((res) =>
                  ecrire(
                    [],
                    result.map((id: string) => cle(id)),
                  ).then(() => res),
                ),
              );
          }
          return table.mutate(req).then((res) => {
            const { poser, retirer } = effets(req, res);
            return ecrire(poser, retirer).then(() => res);
          });
        },
      };
    },
  }),
};
