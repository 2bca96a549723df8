-- Instantané généré par `npm run sql:instantanes` : ne pas modifier.

-- rechercher (sans filtre)
with e as not materialized (select * from (select "operateur_mot"."personne_morale_id" as id, "operateur_mot"."raison_sociale" as raison_sociale
       from "operateur_mot" where "operateur_mot"."odg_id" = $1 and "operateur_mot"."mot" = '') as c
     where true union all select * from (select "operateur_mot"."personne_morale_id" as id, "operateur_mot"."raison_sociale" as raison_sociale
       from "operateur_mot" where "operateur_mot"."odg_id" = $2 and "operateur_mot"."mot" = '') as c
     where true)
select t.total, p.*
  from (select count(*)::int as total from e) as t
  left join (select * from ((select * from (select * from (select "operateur_mot"."personne_morale_id" as id, "operateur_mot"."raison_sociale" as raison_sociale
       from "operateur_mot" where "operateur_mot"."odg_id" = $3 and "operateur_mot"."mot" = '') as c
     where true) as x order by raison_sociale, id limit $4) union all (select * from (select * from (select "operateur_mot"."personne_morale_id" as id, "operateur_mot"."raison_sociale" as raison_sociale
       from "operateur_mot" where "operateur_mot"."odg_id" = $5 and "operateur_mot"."mot" = '') as c
     where true) as x order by raison_sociale, id limit $6)) as u
      order by raison_sociale, id limit 20 offset $7) as p on true order by raison_sociale, id;

select "id", "raison_sociale", "siret", "ede", "pacage", "code_postal", "ville", "mail", "telephone1", "habilite", coalesce((select string_agg(distinct a.libelle, ', ' order by a.libelle) from habilitation h
join aop_igp a on a.id = h.aop_igp_id where h.personne_morale_id = "personne_morale"."id"), '') from "personne_morale" where "personne_morale"."id" in ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20);

-- rechercher (texte, habilités)
with e as materialized (select * from (select "operateur_mot"."personne_morale_id" as id, "operateur_mot"."raison_sociale" as raison_sociale from "operateur_mot" where "operateur_mot"."odg_id" in ($1, $2) and "operateur_mot"."habilite" = $3
      and "operateur_mot"."mot" ~>=~ estive_normalise($4) and "operateur_mot"."mot" ~<~ (estive_normalise($5) || chr(1114111)) and "operateur_mot"."champ" in ($6, $7) intersect select "operateur_mot"."personne_morale_id" as id, "operateur_mot"."raison_sociale" as raison_sociale from "operateur_mot" where "operateur_mot"."odg_id" in ($8, $9) and "operateur_mot"."habilite" = $10
      and "operateur_mot"."mot" ~>=~ estive_normalise($11) and "operateur_mot"."mot" ~<~ (estive_normalise($12) || chr(1114111)) and "operateur_mot"."champ" in ($13)) as c
                where true and exists (select 1 from habilitation h where h.personne_morale_id = c.id and h.aop_igp_id in ($14) and h.activite_id in ($15) and h.statut in ($16)) and exists (select 1 from groupe_membre gm join groupe g on g.id = gm.groupe_id
                where gm.personne_morale_id = c.id and g.odg_id = $17 and gm.groupe_id in ($18)))
select t.total, p.*
  from (select count(*)::int as total from e) as t
  left join (select * from e order by raison_sociale, id limit 20 offset $19) as p on true order by raison_sociale, id;

-- idsExport
with e as (select * from (select "operateur_mot"."personne_morale_id" as id, "operateur_mot"."raison_sociale" as raison_sociale
  from "operateur_mot" where "operateur_mot"."odg_id" = $1 and "operateur_mot"."mot" = '') as c
where true union all select * from (select "operateur_mot"."personne_morale_id" as id, "operateur_mot"."raison_sociale" as raison_sociale
  from "operateur_mot" where "operateur_mot"."odg_id" = $2 and "operateur_mot"."mot" = '') as c
where true) select e.id from e order by raison_sociale, id;

-- lignesExport
select "id", "raison_sociale", "siret", "ede", "pacage", "code_postal", "ville", "mail", "telephone1", "habilite", coalesce((select string_agg(distinct a.libelle, ', ' order by a.libelle) from habilitation h
join aop_igp a on a.id = h.aop_igp_id where h.personne_morale_id = "personne_morale"."id"), ''), "adresse1", "telephone2", "created_at" from "personne_morale" where ("personne_morale"."id" in ($1, $2) and ("personne_morale"."odg_ids" @> array[$3]::bigint[] or "personne_morale"."odg_ids" = '{}'::bigint[]) and "personne_morale"."deleted_at" is null);

-- courts
with e as materialized (select * from (select distinct * from (select "operateur_mot"."personne_morale_id" as id, "operateur_mot"."raison_sociale" as raison_sociale from "operateur_mot" where "operateur_mot"."odg_id" in ($1, $2) and "operateur_mot"."habilite" = $3
      and "operateur_mot"."mot" ~>=~ estive_normalise($4) and "operateur_mot"."mot" ~<~ (estive_normalise($5) || chr(1114111)) and "operateur_mot"."champ" in ($6, $7, $8, $9)) as m) as c
     where exists (select 1 from habilitation h where h.personne_morale_id = c.id
           and h.aop_igp_id = $10 and h.statut = 'VALIDEE'))
select t.total, p.*
  from (select count(*)::int as total from e) as t
  left join (select * from e order by raison_sociale, id limit 10 offset $11) as p on true order by raison_sociale, id;

select "id", "raison_sociale", "siret", "code_postal", "ville" from "personne_morale" where "personne_morale"."id" in ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) order by "personne_morale"."raison_sociale" asc, "personne_morale"."id" asc;

-- trouver
select "id", "type", "siret", "ede", "pacage", "raison_sociale", "nom", "adresse1", "adresse2", "adresse3", "adresse4", "code_postal", "ville", "latitude", "longitude", "telephone1", "telephone2", "mail", "site_web", "recherche", "odg_ids", "habilite", "odg_createur_id", "version", "change_xid", "deleted_at", "created_at", "updated_at" from "personne_morale" where ("personne_morale"."id" = $1 and "personne_morale"."deleted_at" is null and (exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
         where h.personne_morale_id = "personne_morale"."id" and a.odg_id = $2)
or not exists (select 1 from habilitation h where h.personne_morale_id = "personne_morale"."id")));

-- sites
select "site"."id", "site"."personne_morale_id", "site"."libelle", "site"."ede", "site"."siege", "site"."adresse1", "site"."adresse2", "site"."adresse3", "site"."code_postal", "site"."ville", "site"."latitude", "site"."longitude", "site"."debut_utilisation", "site"."fin_utilisation", "site"."telephone", "site"."mail", "site"."aop_ids", "site"."created_at", "site"."updated_at", "personne_morale"."id", "personne_morale"."type", "personne_morale"."siret", "personne_morale"."ede", "personne_morale"."pacage", "personne_morale"."raison_sociale", "personne_morale"."nom", "personne_morale"."adresse1", "personne_morale"."adresse2", "personne_morale"."adresse3", "personne_morale"."adresse4", "personne_morale"."code_postal", "personne_morale"."ville", "personne_morale"."latitude", "personne_morale"."longitude", "personne_morale"."telephone1", "personne_morale"."telephone2", "personne_morale"."mail", "personne_morale"."site_web", "personne_morale"."recherche", "personne_morale"."odg_ids", "personne_morale"."habilite", "personne_morale"."odg_createur_id", "personne_morale"."version", "personne_morale"."change_xid", "personne_morale"."deleted_at", "personne_morale"."created_at", "personne_morale"."updated_at" from "site" inner join "personne_morale" on "personne_morale"."id" = "site"."personne_morale_id" where ("site"."personne_morale_id" = $1 and "personne_morale"."deleted_at" is null and (exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
         where h.personne_morale_id = "personne_morale"."id" and a.odg_id = $2)
or not exists (select 1 from habilitation h where h.personne_morale_id = "personne_morale"."id"))) order by "site"."libelle" asc, "site"."id" asc;
