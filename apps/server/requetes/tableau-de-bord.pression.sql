-- Instantané généré par `npm run sql:instantanes` : ne pas modifier.

-- campagnes
select id::text as id, libelle, debut::text as debut, fin::text as fin from campagne
where odg_id is null or odg_id = $1 order by courante desc, debut desc, id desc;

-- campagneDuPerimetre
select 1 as ok from campagne where id = $1
and (odg_id is null or odg_id = $2);

-- aopDuPerimetre
select 1 as ok from aop_igp where id = $1 and odg_id = $2;

-- lignes
with k as (select debut, fin from campagne where id = $1),
     faits as (
       select c.aop_igp_id, aa_id, c.personne_morale_id,
              bool_or(c.statut in ('REALISE', 'REALISE_PP_NON_SIGNE', 'REALISE_ATTENTE_SIGNATURE')) as realise
         from controle c cross join k
         cross join lateral unnest(c.activite_aop_igp_ids) as aa_id
        where c.odg_id = $2 and c.deleted_at is null and c.statut <> 'ANNULE'
          and c.date >= k.debut::timestamp at time zone 'Europe/Paris'
          and c.date < (k.fin + 1)::timestamp at time zone 'Europe/Paris'
        group by 1, 2, 3)
select a.id::text as "aopIgpId", a.libelle as "aopIgp", act.id::text as "activiteId",
       act.libelle as activite,
       (select t.taux from taux_controle t
         where t.campagne_id = $3 and t.aop_igp_id = a.id
           and (t.activite_id = act.id or t.activite_id is null)
         order by t.activite_id nulls last limit 1) as taux,
       (select count(distinct h.personne_morale_id)::int from habilitation h
         where h.aop_igp_id = a.id and h.activite_id = act.id
           and h.statut = 'VALIDEE') as habilites,
       (select count(*)::int from faits f
         where f.aa_id = aa.id and f.realise) as controles,
       (select count(*)::int from faits f
         where f.aa_id = aa.id and not f.realise) as programmes
  from aop_igp a
  join activite_aop aa on aa.aop_igp_id = a.id and aa.deleted_at is null
  join activite act on act.id = aa.activite_id
 where a.odg_id = $4
 order by a.libelle, act.libelle;

-- preselection
select x.*, count(*) over ()::int as total
            from (
with derniers as (
       select c.personne_morale_id, max(c.date) as d from controle c
        where c.aop_igp_id = $1 and c.statut in ('REALISE', 'REALISE_PP_NON_SIGNE', 'REALISE_ATTENTE_SIGNATURE') and c.deleted_at is null
        group by 1),
     ouverts as (
       select m.personne_morale_id, count(*)::int as n from manquement m
        where m.aop_igp_id = $2 and m.deleted_at is null
          and m.etat in ('EN_COURS', 'TRANSMIS_OC', 'EN_COURS_OC')
        group by 1),
     pris as (
       select distinct c.personne_morale_id from controle c, campagne k
        where k.id = $3 and c.aop_igp_id = $4 and c.odg_id = $5
          and c.statut <> 'ANNULE' and c.deleted_at is null and c.date >= k.debut::timestamp at time zone 'Europe/Paris'
                    and c.date < (k.fin + 1)::timestamp at time zone 'Europe/Paris'),
     habilites as (
       select distinct h.personne_morale_id from habilitation h
         join aop_igp a on a.id = h.aop_igp_id
        where h.aop_igp_id = $6 and a.odg_id = $7 and h.statut = 'VALIDEE')
select p.id::text as id, p.raison_sociale as "raisonSociale", p.siret, p.ville,
       case when d.d is null then null else to_char(d.d at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as "dernierControle",
       coalesce(o.n, 0) as "manquementsOuverts"
  from habilites hb
  join personne_morale p on p.id = hb.personne_morale_id and p.deleted_at is null
  left join derniers d on d.personne_morale_id = p.id
  left join ouverts o on o.personne_morale_id = p.id
 where not exists (select 1 from pris where pris.personne_morale_id = p.id)) x
           order by "manquementsOuverts" desc, "dernierControle" asc nulls first, id::bigint
           limit $8;

-- idsCandidats
select id from (
with derniers as (
       select c.personne_morale_id, max(c.date) as d from controle c
        where c.aop_igp_id = $1 and c.statut in ('REALISE', 'REALISE_PP_NON_SIGNE', 'REALISE_ATTENTE_SIGNATURE') and c.deleted_at is null
        group by 1),
     ouverts as (
       select m.personne_morale_id, count(*)::int as n from manquement m
        where m.aop_igp_id = $2 and m.deleted_at is null
          and m.etat in ('EN_COURS', 'TRANSMIS_OC', 'EN_COURS_OC')
        group by 1),
     pris as (
       select distinct c.personne_morale_id from controle c, campagne k
        where k.id = $3 and c.aop_igp_id = $4 and c.odg_id = $5
          and c.statut <> 'ANNULE' and c.deleted_at is null and c.date >= k.debut::timestamp at time zone 'Europe/Paris'
                    and c.date < (k.fin + 1)::timestamp at time zone 'Europe/Paris'),
     habilites as (
       select distinct h.personne_morale_id from habilitation h
         join aop_igp a on a.id = h.aop_igp_id
        where h.aop_igp_id = $6 and a.odg_id = $7 and h.statut = 'VALIDEE')
select p.id::text as id, p.raison_sociale as "raisonSociale", p.siret, p.ville,
       case when d.d is null then null else to_char(d.d at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as "dernierControle",
       coalesce(o.n, 0) as "manquementsOuverts"
  from habilites hb
  join personne_morale p on p.id = hb.personne_morale_id and p.deleted_at is null
  left join derniers d on d.personne_morale_id = p.id
  left join ouverts o on o.personne_morale_id = p.id
 where not exists (select 1 from pris where pris.personne_morale_id = p.id)) x order by id::bigint;

-- operateurs
select p.id::text as id, p.raison_sociale as "raisonSociale", p.siret, p.ville,
      null as "dernierControle", 0 as "manquementsOuverts"
 from personne_morale p
where p.id in ($1, $2);

-- activiteDuLabel
select 1 as ok from activite_aop where aop_igp_id = $1
and activite_id = $2 and deleted_at is null;

-- tirages
select t.id::text as id, t.campagne_id::text as "campagneId",
t.aop_igp_id::text as "aopIgpId", t.graine, t.nombre, t.candidats, t.tires,
t.preselectionnes, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, pp.prenom || ' ' || pp.nom as auteur, a.libelle as "aopIgp" from tirage t
join utilisateur u on u.id = t.utilisateur_id
join personne_physique pp on pp.id = u.personne_physique_id
      join aop_igp a on a.id = t.aop_igp_id
      where t.odg_id = $1 and t.campagne_id = $2
        and t.aop_igp_id = $3
      order by t.created_at desc, t.id desc limit 50;

-- tirage
select t.id::text as id, t.campagne_id::text as "campagneId",
t.aop_igp_id::text as "aopIgpId", t.graine, t.nombre, t.candidats, t.tires,
t.preselectionnes, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, pp.prenom || ' ' || pp.nom as auteur from tirage t
join utilisateur u on u.id = t.utilisateur_id
join personne_physique pp on pp.id = u.personne_physique_id where t.id = $1 and t.odg_id = $2;
