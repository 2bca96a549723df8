-- Instantané généré par `npm run sql:instantanes` : ne pas modifier.

-- page (sans filtre)
select count(*)::int as n from controle c
join personne_morale p on p.id = c.personne_morale_id where c.odg_id = $1 and c.deleted_at is null;


select c.id::text as id, p.id::text as "personneMoraleId", p.raison_sociale as "raisonSociale",
       p.siret, a.id::text as "aopIgpId", a.libelle as "aopIgp",
       (select array_agg(act.libelle order by act.libelle) from activite_aop aa
          join activite act on act.id = aa.activite_id
         where aa.id = any(c.activite_aop_igp_ids)) as activites,
       c.nature, c.niveau, to_char(c.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, c.statut, c.resultat,
       (select count(*)::int from manquement m
         where (m.controle_id = c.id or m.controle_recidive_id = c.id)
           and m.deleted_at is null) as "nbManquement",
       coalesce(pa.prenom || ' ' || pa.nom, pu.prenom || ' ' || pu.nom) as auditeur,
       coalesce(c.synthese #>> '{audite,observation}', c.observation) as "commentaireAudite",
       c.raison_abandon as "raisonAbandon",
       (select max(f.id)::text from fichier f
         where f.controle_id = c.id and f.type_document = 'RAPPORT_AUDIT'
           and (c.rapport_sha256 is null or f.sha256 = c.rapport_sha256)) as "rapportFichierId"
  from controle c
  join personne_morale p on p.id = c.personne_morale_id
  join aop_igp a on a.id = c.aop_igp_id
  left join utilisateur u on u.id = c.controleur_id
  left join personne_physique pu on pu.id = u.personne_physique_id
  left join personne_physique pa on pa.id = c.auditeur_id where c.odg_id = $1 and c.deleted_at is null
           order by c.date desc, c.id desc
           limit $2 offset $3;

-- page (filtres)
select count(*)::int as n from controle c
join personne_morale p on p.id = c.personne_morale_id where c.odg_id = $1 and c.deleted_at is null and c.date >= ($2::date)::timestamp at time zone 'Europe/Paris' and c.date < (($3::date + 1)::timestamp at time zone 'Europe/Paris') and c.nature in ($4) and c.resultat in ($5) and c.statut in ($6) and c.niveau in ($7);


select c.id::text as id, p.id::text as "personneMoraleId", p.raison_sociale as "raisonSociale",
       p.siret, a.id::text as "aopIgpId", a.libelle as "aopIgp",
       (select array_agg(act.libelle order by act.libelle) from activite_aop aa
          join activite act on act.id = aa.activite_id
         where aa.id = any(c.activite_aop_igp_ids)) as activites,
       c.nature, c.niveau, to_char(c.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, c.statut, c.resultat,
       (select count(*)::int from manquement m
         where (m.controle_id = c.id or m.controle_recidive_id = c.id)
           and m.deleted_at is null) as "nbManquement",
       coalesce(pa.prenom || ' ' || pa.nom, pu.prenom || ' ' || pu.nom) as auditeur,
       coalesce(c.synthese #>> '{audite,observation}', c.observation) as "commentaireAudite",
       c.raison_abandon as "raisonAbandon",
       (select max(f.id)::text from fichier f
         where f.controle_id = c.id and f.type_document = 'RAPPORT_AUDIT'
           and (c.rapport_sha256 is null or f.sha256 = c.rapport_sha256)) as "rapportFichierId"
  from controle c
  join personne_morale p on p.id = c.personne_morale_id
  join aop_igp a on a.id = c.aop_igp_id
  left join utilisateur u on u.id = c.controleur_id
  left join personne_physique pu on pu.id = u.personne_physique_id
  left join personne_physique pa on pa.id = c.auditeur_id where c.odg_id = $1 and c.deleted_at is null and c.date >= ($2::date)::timestamp at time zone 'Europe/Paris' and c.date < (($3::date + 1)::timestamp at time zone 'Europe/Paris') and c.nature in ($4) and c.resultat in ($5) and c.statut in ($6) and c.niveau in ($7)
           order by c.date desc nulls last, c.id desc
           limit $8 offset $9;

-- parMois
select to_char(c.date at time zone 'Europe/Paris', 'YYYY-MM') as mois,
      count(*) filter (where c.resultat = 'CONFORME')::int as conformes,
      count(*) filter (where c.resultat = 'NON_CONFORME')::int as "nonConformes",
      count(*) filter (where c.resultat is null)::int as "sansResultat"
 from controle c join personne_morale p on p.id = c.personne_morale_id
where c.odg_id = $1 and c.deleted_at is null
group by 1 order by 1 desc limit 24;

-- deLOperateur

select c.id::text as id, p.id::text as "personneMoraleId", p.raison_sociale as "raisonSociale",
       p.siret, a.id::text as "aopIgpId", a.libelle as "aopIgp",
       (select array_agg(act.libelle order by act.libelle) from activite_aop aa
          join activite act on act.id = aa.activite_id
         where aa.id = any(c.activite_aop_igp_ids)) as activites,
       c.nature, c.niveau, to_char(c.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, c.statut, c.resultat,
       (select count(*)::int from manquement m
         where (m.controle_id = c.id or m.controle_recidive_id = c.id)
           and m.deleted_at is null) as "nbManquement",
       coalesce(pa.prenom || ' ' || pa.nom, pu.prenom || ' ' || pu.nom) as auditeur,
       coalesce(c.synthese #>> '{audite,observation}', c.observation) as "commentaireAudite",
       c.raison_abandon as "raisonAbandon",
       (select max(f.id)::text from fichier f
         where f.controle_id = c.id and f.type_document = 'RAPPORT_AUDIT'
           and (c.rapport_sha256 is null or f.sha256 = c.rapport_sha256)) as "rapportFichierId"
  from controle c
  join personne_morale p on p.id = c.personne_morale_id
  join aop_igp a on a.id = c.aop_igp_id
  left join utilisateur u on u.id = c.controleur_id
  left join personne_physique pu on pu.id = u.personne_physique_id
  left join personne_physique pa on pa.id = c.auditeur_id where c.odg_id = $1 and c.deleted_at is null and c.personne_morale_id = $2
           order by c.date desc, c.id desc limit 500;

-- parId

select c.id::text as id, p.id::text as "personneMoraleId", p.raison_sociale as "raisonSociale",
       p.siret, a.id::text as "aopIgpId", a.libelle as "aopIgp",
       (select array_agg(act.libelle order by act.libelle) from activite_aop aa
          join activite act on act.id = aa.activite_id
         where aa.id = any(c.activite_aop_igp_ids)) as activites,
       c.nature, c.niveau, to_char(c.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, c.statut, c.resultat,
       (select count(*)::int from manquement m
         where (m.controle_id = c.id or m.controle_recidive_id = c.id)
           and m.deleted_at is null) as "nbManquement",
       coalesce(pa.prenom || ' ' || pa.nom, pu.prenom || ' ' || pu.nom) as auditeur,
       coalesce(c.synthese #>> '{audite,observation}', c.observation) as "commentaireAudite",
       c.raison_abandon as "raisonAbandon",
       (select max(f.id)::text from fichier f
         where f.controle_id = c.id and f.type_document = 'RAPPORT_AUDIT'
           and (c.rapport_sha256 is null or f.sha256 = c.rapport_sha256)) as "rapportFichierId"
  from controle c
  join personne_morale p on p.id = c.personne_morale_id
  join aop_igp a on a.id = c.aop_igp_id
  left join utilisateur u on u.id = c.controleur_id
  left join personne_physique pu on pu.id = u.personne_physique_id
  left join personne_physique pa on pa.id = c.auditeur_id where c.odg_id = $1 and c.deleted_at is null and c.id = $2;

-- operateur
select p.id::text as id, p.raison_sociale as "raisonSociale", p.siret,
     p.code_postal as "codePostal", p.ville
from personne_morale p where p.id = $1 and p.deleted_at is null;

-- operateurDuPerimetre
select 1 as ok where exists (
  select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
   where h.personne_morale_id = $1 and a.odg_id = $2)
or exists (select 1 from controle c
            where c.personne_morale_id = $3 and c.odg_id = $4);
