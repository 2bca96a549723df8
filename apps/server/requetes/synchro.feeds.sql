-- Instantané généré par `npm run sql:instantanes` : ne pas modifier.

-- lireLot controle (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from controle t
    where t.odg_id = $1 and not exists (select 1 from tournee r where r.id = t.tournee_id and r.statut = 'PREPARATION') and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from controle t where t.id = s.entity_id and t.odg_id = $9 and not exists (select 1 from tournee r where r.id = t.tournee_id and r.statut = 'PREPARATION'))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot controle (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from controle t
    where t.controleur_id = $1 and not exists (select 1 from tournee r where r.id = t.tournee_id and r.statut = 'PREPARATION') and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from controle t where t.id = s.entity_id and t.controleur_id = $9 and not exists (select 1 from tournee r where r.id = t.tournee_id and r.statut = 'PREPARATION'))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee controle
select t.id from controle t
where t.id in ($1, $2) and t.odg_id = $3 and not exists (select 1 from tournee r where r.id = t.tournee_id and r.statut = 'PREPARATION') and not t.deleted_at is not null;

-- lireLot tournee (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, (t.deleted_at is not null or t.statut = 'ANNULE') as supprime
     from tournee t
    where t.odg_id = $1 and t.statut <> 'PREPARATION' and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from tournee t where t.id = s.entity_id and t.odg_id = $9 and t.statut <> 'PREPARATION')
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot tournee (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, (t.deleted_at is not null or t.statut = 'ANNULE') as supprime
     from tournee t
    where t.controleur_id = $1 and t.statut <> 'PREPARATION' and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from tournee t where t.id = s.entity_id and t.controleur_id = $9 and t.statut <> 'PREPARATION')
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee tournee
select t.id from tournee t
where t.id in ($1, $2) and t.odg_id = $3 and t.statut <> 'PREPARATION' and not (t.deleted_at is not null or t.statut = 'ANNULE');

-- lireLot annuaire-morale (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from personne_morale t
    where t.odg_ids @> array[$1]::bigint[] and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from personne_morale t where t.id = s.entity_id and t.odg_ids @> array[$9]::bigint[])
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot annuaire-morale (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from personne_morale t
    where (t.odg_ids @> array[$1]::bigint[] or exists (select 1 from controle c where c.personne_morale_id = t.id
               and c.controleur_id = $2 and c.deleted_at is null)) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($3::xid8, $4::bigint)
    order by t.change_xid, t.id limit $5)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $6 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $7 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($8::xid8, $9::bigint)
      and not exists (select 1 from personne_morale t where t.id = s.entity_id and (t.odg_ids @> array[$10]::bigint[] or exists (select 1 from controle c where c.personne_morale_id = t.id
               and c.controleur_id = $11 and c.deleted_at is null)))
    order by s.change_xid, s.entity_id limit $12)
) u order by u.xid, u.id limit $13) u
    order by u.xid, u.id;

-- idsDansPortee annuaire-morale
select t.id from personne_morale t
where t.id in ($1, $2) and t.odg_ids @> array[$3]::bigint[] and not t.deleted_at is not null;

-- lireLot frontlogs (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from front_log t
    where t.utilisateur_id = $1 and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from front_log t where t.id = s.entity_id and t.utilisateur_id = $9)
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot frontlogs (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from front_log t
    where t.utilisateur_id = $1 and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from front_log t where t.id = s.entity_id and t.utilisateur_id = $9)
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee frontlogs
select t.id from front_log t
where t.id in ($1, $2) and t.utilisateur_id = $3 and not t.deleted_at is not null;

-- lireLot manquement (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from manquement t
    where t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from manquement t where t.id = s.entity_id and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot manquement (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from manquement t
    where t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from manquement t where t.id = s.entity_id and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee manquement
select t.id from manquement t
where t.id in ($1, $2) and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $3) and not t.deleted_at is not null;

-- lireLot groupesysexp (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from groupe_sys_exp t
    where t.odg_id = $1 and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from groupe_sys_exp t where t.id = s.entity_id and t.odg_id = $9)
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot groupesysexp (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from groupe_sys_exp t
    where t.odg_id = $1 and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from groupe_sys_exp t where t.id = s.entity_id and t.odg_id = $9)
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee groupesysexp
select t.id from groupe_sys_exp t
where t.id in ($1, $2) and t.odg_id = $3 and not t.deleted_at is not null;

-- lireLot pointsysexp (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from point_sys_exp t
    where t.groupe_sys_exp_id in (select g.id from groupe_sys_exp g where g.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from point_sys_exp t where t.id = s.entity_id and t.groupe_sys_exp_id in (select g.id from groupe_sys_exp g where g.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot pointsysexp (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from point_sys_exp t
    where t.groupe_sys_exp_id in (select g.id from groupe_sys_exp g where g.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from point_sys_exp t where t.id = s.entity_id and t.groupe_sys_exp_id in (select g.id from groupe_sys_exp g where g.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee pointsysexp
select t.id from point_sys_exp t
where t.id in ($1, $2) and t.groupe_sys_exp_id in (select g.id from groupe_sys_exp g where g.odg_id = $3) and not t.deleted_at is not null;

-- lireLot categorie (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from categorie t
    where true and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($1::xid8, $2::bigint)
    order by t.change_xid, t.id limit $3)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $4 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $5 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($6::xid8, $7::bigint)
      and not exists (select 1 from categorie t where t.id = s.entity_id and true)
    order by s.change_xid, s.entity_id limit $8)
) u order by u.xid, u.id limit $9) u
    order by u.xid, u.id;

-- lireLot categorie (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from categorie t
    where true and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($1::xid8, $2::bigint)
    order by t.change_xid, t.id limit $3)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $4 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $5 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($6::xid8, $7::bigint)
      and not exists (select 1 from categorie t where t.id = s.entity_id and true)
    order by s.change_xid, s.entity_id limit $8)
) u order by u.xid, u.id limit $9) u
    order by u.xid, u.id;

-- idsDansPortee categorie
select t.id from categorie t
where t.id in ($1, $2) and true and not t.deleted_at is not null;

-- lireLot categorie-activite (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from categorie_activite t
    where t.organisme_id = $1 and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from categorie_activite t where t.id = s.entity_id and t.organisme_id = $9)
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot categorie-activite (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from categorie_activite t
    where t.organisme_id = $1 and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from categorie_activite t where t.id = s.entity_id and t.organisme_id = $9)
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee categorie-activite
select t.id from categorie_activite t
where t.id in ($1, $2) and t.organisme_id = $3 and not t.deleted_at is not null;

-- lireLot activite-aop (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from activite_aop t
    where t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from activite_aop t where t.id = s.entity_id and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot activite-aop (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from activite_aop t
    where t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from activite_aop t where t.id = s.entity_id and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee activite-aop
select t.id from activite_aop t
where t.id in ($1, $2) and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $3) and not t.deleted_at is not null;

-- lireLot point-controle (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from point_controle t
    where t.id in (select pa.point_controle_id from point_controle_aop pa
                           join aop_igp a on a.id = pa.aop_igp_id where a.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from point_controle t where t.id = s.entity_id and t.id in (select pa.point_controle_id from point_controle_aop pa
                           join aop_igp a on a.id = pa.aop_igp_id where a.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot point-controle (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from point_controle t
    where t.id in (select pa.point_controle_id from point_controle_aop pa
                           join aop_igp a on a.id = pa.aop_igp_id where a.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from point_controle t where t.id = s.entity_id and t.id in (select pa.point_controle_id from point_controle_aop pa
                           join aop_igp a on a.id = pa.aop_igp_id where a.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee point-controle
select t.id from point_controle t
where t.id in ($1, $2) and t.id in (select pa.point_controle_id from point_controle_aop pa
                      join aop_igp a on a.id = pa.aop_igp_id where a.odg_id = $3) and not t.deleted_at is not null;

-- lireLot point-controle-aop (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from point_controle_aop t
    where t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from point_controle_aop t where t.id = s.entity_id and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot point-controle-aop (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from point_controle_aop t
    where t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from point_controle_aop t where t.id = s.entity_id and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee point-controle-aop
select t.id from point_controle_aop t
where t.id in ($1, $2) and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $3) and not t.deleted_at is not null;

-- lireLot organisme-certificateur (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from organisme_certificateur t
    where t.odg_id = $1 and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from organisme_certificateur t where t.id = s.entity_id and t.odg_id = $9)
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot organisme-certificateur (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from organisme_certificateur t
    where t.odg_id = $1 and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from organisme_certificateur t where t.id = s.entity_id and t.odg_id = $9)
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee organisme-certificateur
select t.id from organisme_certificateur t
where t.id in ($1, $2) and t.odg_id = $3 and not t.deleted_at is not null;

-- lireLot referentiels (bureau)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from referentiel t
    where t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from referentiel t where t.id = s.entity_id and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- lireLot referentiels (contrôleur)
select u.xid::text as xid, u.id, u.supprime from (select u.xid, u.id, u.supprime from (
  (select t.change_xid as xid, t.id, t.deleted_at is not null as supprime
     from referentiel t
    where t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $1) and t.change_xid < pg_snapshot_xmin(pg_current_snapshot()) and (t.change_xid, t.id) > ($2::xid8, $3::bigint)
    order by t.change_xid, t.id limit $4)
  union all
  (select s.change_xid, s.entity_id, true
     from (select distinct on (ts.entity_id) ts.change_xid, ts.entity_id
             from sync_tombstone ts
            where ts.entity = $5 and ts.change_xid < pg_snapshot_xmin(pg_current_snapshot())
              and (ts.utilisateur_id = $6 or ts.utilisateur_id is null)
            order by ts.entity_id, ts.change_xid desc) s
    where (s.change_xid, s.entity_id) > ($7::xid8, $8::bigint)
      and not exists (select 1 from referentiel t where t.id = s.entity_id and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $9))
    order by s.change_xid, s.entity_id limit $10)
) u order by u.xid, u.id limit $11) u
    order by u.xid, u.id;

-- idsDansPortee referentiels
select t.id from referentiel t
where t.id in ($1, $2) and t.aop_igp_id in (select a.id from aop_igp a where a.odg_id = $3) and not t.deleted_at is not null;
