-- Instantané généré par `npm run sql:instantanes` : ne pas modifier.

-- fluxAvecNouveautes
select $1::text as entite
           where exists (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from controle t
    where t.controleur_id = $2 and not exists (select 1 from tournee r where r.id = t.tournee_id and r.statut = 'PREPARATION') and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($3::xid8, $4::bigint)
    order by t.change_xid, t.id limit $5)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $6 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $7 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($8::xid8, $9::bigint)
      and not exists (select 1 from controle t where t.id = s.entity_id and t.controleur_id = $10 and not exists (select 1 from tournee r where r.id = t.tournee_id and r.statut = 'PREPARATION'))
    order by s.change_xid, s.entity_id limit $11)
) u order by u.xid, u.id limit $12) union all select $13::text as entite
           where exists (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, (t.deleted_at is not null or t.statut = 'ANNULE') as supprime
     from tournee t
    where t.controleur_id = $14 and t.statut <> 'PREPARATION' and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($15::xid8, $16::bigint)
    order by t.change_xid, t.id limit $17)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $18 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $19 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($20::xid8, $21::bigint)
      and not exists (select 1 from tournee t where t.id = s.entity_id and t.controleur_id = $22 and t.statut <> 'PREPARATION')
    order by s.change_xid, s.entity_id limit $23)
) u order by u.xid, u.id limit $24);
