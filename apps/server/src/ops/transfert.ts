/**
 * Moves the whole content of one Estive database into another, empty one of the same schema
 * version: the embedded PGlite of a laptop installation into PostgreSQL (docs/operations.md §5).
 * Works on any two clients answering `query(sql, params) → { rows }` (PGlite and pg both do).
 */
export interface Executant {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- pg's and PGlite's own query<T>, which this interface stands for
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** Rows per INSERT: a batch of operators with their JSON stays well under a query's size. */
const LOT = 500;

const ident = (nom: string) => `"${nom.replaceAll('"', '""')}"`;

/** The app's tables, parents before children (foreign keys), each once. */
export async function tablesOrdonnees(base: Executant): Promise<string[]> {
  const { rows: tables } = await base.query<{ nom: string }>(
    `select c.relname as nom from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const { rows: liens } = await base.query<{ enfant: string; parent: string }>(
    `select e.relname as enfant, p.relname as parent from pg_constraint k
       join pg_class e on e.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = e.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and e.oid <> p.oid`,
  );
  const ordre: string[] = [];
  const vus = new Set<string>();
  const visiter = (t: string, chemin: Set<string>) => {
    if (vus.has(t) || chemin.has(t)) return;
    chemin.add(t);
    for (const l of liens) if (l.enfant === t) visiter(l.parent, chemin);
    vus.add(t);
    ordre.push(t);
  };
  for (const { nom } of tables) visiter(nom, new Set());
  return ordre;
}

export interface BilanTransfert {
  tables: { table: string; lignes: number }[];
  /** The target's transaction counter was moved past the source's (device checkpoints hold it). */
  xidAvance: number;
}

/**
 * Copies every row as it is (ids, versions, change_xid) with the user triggers off, so nothing is
 * renumbered nor touched; resets the identity sequences; then moves the target's transaction ids
 * past the highest copied `change_xid`, so that the devices' checkpoints (which carry the source's
 * ids) neither skip the copied rows nor the changes that follow. The target must be migrated and
 * hold no user yet; all of it runs in one transaction on the target.
 */
export async function transferer(source: Executant, cible: Executant): Promise<BilanTransfert> {
  const { rows: occupee } = await cible.query<{ n: number }>(
    'select count(*)::int as n from utilisateur',
  );
  if ((occupee[0]?.n ?? 0) > 0) {
    throw new Error('La base cible contient déjà des utilisateurs : transfert refusé');
  }
  const tables = await tablesOrdonnees(source);
  const bilan: BilanTransfert = { tables: [], xidAvance: 0 };
  let xidMax = 0n;
  await cible.query('begin');
  try {
    for (const t of tables) await cible.query(`alter table ${ident(t)} disable trigger user`);
    for (const t of tables) {
      const { rows: colonnes } = await source.query<{ nom: string }>(
        `select attname as nom from pg_attribute where attrelid = $1::regclass and attnum > 0
           and not attisdropped and attgenerated = '' order by attnum`,
        [ident(t)],
      );
      const liste = colonnes.map((c) => ident(c.nom)).join(', ');
      let lignes = 0;
      for (let decalage = 0; ; decalage += LOT) {
        const { rows } = await source.query<{ lot: string | null }>(
          `select json_agg(row_to_json(x))::text as lot from
             (select ${liste} from ${ident(t)} order by 1 limit ${String(LOT)} offset ${String(decalage)}) x`,
        );
        const lot = rows[0]?.lot;
        if (!lot) break;
        const { rows: n } = await cible.query<{ n: number }>(
          `with l as (insert into ${ident(t)} (${liste})
             select ${liste} from json_populate_recordset(null::${ident(t)}, $1::json) returning 1)
           select count(*)::int as n from l`,
          [lot],
        );
        lignes += n[0]?.n ?? 0;
        if ((n[0]?.n ?? 0) < LOT) break;
      }
      bilan.tables.push({ table: t, lignes });
      if (colonnes.some((c) => c.nom === 'change_xid')) {
        const { rows: m } = await source.query<{ m: string | null }>(
          `select max(change_xid)::text as m from ${ident(t)}`,
        );
        if (m[0]?.m) xidMax = BigInt(m[0].m) > xidMax ? BigInt(m[0].m) : xidMax;
      }
      if (colonnes.some((c) => c.nom === 'id'))
        await cible.query(
          `select setval(s.seq, greatest(coalesce((select max(${ident('id')}) from ${ident(t)}), 0), 1),
                (select max(${ident('id')}) from ${ident(t)}) is not null)
           from (select pg_get_serial_sequence($1, 'id') as seq) s where s.seq is not null`,
          [ident(t)],
        );
    }
    for (const t of tables) await cible.query(`alter table ${ident(t)} enable trigger user`);
    await cible.query('commit');
  } catch (e) {
    await cible.query('rollback');
    throw e;
  }
  bilan.xidAvance = await avancerXid(cible, xidMax);
  return bilan;
}

/**
 * Burns transaction ids on the target until its counter is past `cible`: each subtransaction that
 * writes takes an id. Returns how many were taken (0 when the target was already past).
 */
async function avancerXid(base: Executant, cible: bigint): Promise<number> {
  let pris = 0;
  for (;;) {
    const { rows } = await base.query<{ x: string }>('select pg_current_xact_id()::text as x');
    const actuel = BigInt(rows[0]?.x ?? '0');
    if (actuel > cible) return pris;
    const manque = Number(cible - actuel) + 1;
    const n = Math.min(manque, 50_000);
    await base.query(`do $$ begin
      create temp table if not exists estive_xid (x int);
      for i in 1..${String(n)} loop
        begin insert into estive_xid values (i); exception when others then null; end;
      end loop;
      drop table estive_xid;
    end $$`);
    pris += n;
  }
}
