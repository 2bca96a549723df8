-- Instantané généré par `npm run sql:instantanes` : ne pas modifier.

-- page (sans filtre)
select count(*)::int as n
from manquement m
join personne_morale p on p.id = m.personne_morale_id
join aop_igp a on a.id = m.aop_igp_id
join point_controle pc on pc.id = m.point_controle_id
left join controle c on c.id = m.controle_id where a.odg_id = $1 and m.deleted_at is null;


select m.id::text as id, p.id::text as "personneMoraleId", p.raison_sociale as "raisonSociale",
       p.siret, p.code_postal as "codePostal", p.ville,
       coalesce(c.nature, 'INTERNE') = 'INTERNE' as interne, a.libelle as "aopIgp",
       (select array_agg(act.libelle order by act.libelle) from activite_aop aa
          join activite act on act.id = aa.activite_id
         where aa.id = any(c.activite_aop_igp_ids)) as activites,
       c.nature, c.niveau, to_char(coalesce(c.date, m.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
       pc.code as "codePoint", pc.libelle as "libellePoint", m.etat, m.niveau as seuil,
       (m.recidive or exists (select 1 from manquement m2
 where m2.personne_morale_id = m.personne_morale_id and m2.point_controle_id = m.point_controle_id
   and m2.aop_igp_id = m.aop_igp_id and m2.id < m.id and m2.deleted_at is null)) as recidive, to_char(m.date_derniere_evolution at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dateModification",
       m.date_suivi_corrective::text as "dateSuiviCorrective",
       m.date_suivi_correctrice::text as "dateSuiviCorrectrice", m.commentaire,
       m.informations_audite as "informationsAudite",
       m.informations_auditeur as "informationsAuditeur", coalesce((m.etat in ('EN_COURS', 'TRANSMIS_OC', 'EN_COURS_OC') and (m.date_suivi_corrective < (now() at time zone 'Europe/Paris')::date
                                   or m.date_suivi_correctrice < (now() at time zone 'Europe/Paris')::date)), false) as "enRetard"

  from manquement m
  join personne_morale p on p.id = m.personne_morale_id
  join aop_igp a on a.id = m.aop_igp_id
  join point_controle pc on pc.id = m.point_controle_id
  left join controle c on c.id = m.controle_id where a.odg_id = $1 and m.deleted_at is null
           order by coalesce(c.date, m.created_at) desc, m.id desc
           limit $2 offset $3;

-- page (filtres)
select count(*)::int as n
 from manquement m
 join personne_morale p on p.id = m.personne_morale_id
 join aop_igp a on a.id = m.aop_igp_id
 join point_controle pc on pc.id = m.point_controle_id
 left join controle c on c.id = m.controle_id where a.odg_id = $1 and m.deleted_at is null and m.etat in ($2) and m.niveau in ($3) and coalesce(c.nature, 'INTERNE') in ($4) and (m.recidive or exists (select 1 from manquement m2
where m2.personne_morale_id = m.personne_morale_id and m2.point_controle_id = m.point_controle_id
  and m2.aop_igp_id = m.aop_igp_id and m2.id < m.id and m2.deleted_at is null));


select m.id::text as id, p.id::text as "personneMoraleId", p.raison_sociale as "raisonSociale",
       p.siret, p.code_postal as "codePostal", p.ville,
       coalesce(c.nature, 'INTERNE') = 'INTERNE' as interne, a.libelle as "aopIgp",
       (select array_agg(act.libelle order by act.libelle) from activite_aop aa
          join activite act on act.id = aa.activite_id
         where aa.id = any(c.activite_aop_igp_ids)) as activites,
       c.nature, c.niveau, to_char(coalesce(c.date, m.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
       pc.code as "codePoint", pc.libelle as "libellePoint", m.etat, m.niveau as seuil,
       (m.recidive or exists (select 1 from manquement m2
 where m2.personne_morale_id = m.personne_morale_id and m2.point_controle_id = m.point_controle_id
   and m2.aop_igp_id = m.aop_igp_id and m2.id < m.id and m2.deleted_at is null)) as recidive, to_char(m.date_derniere_evolution at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dateModification",
       m.date_suivi_corrective::text as "dateSuiviCorrective",
       m.date_suivi_correctrice::text as "dateSuiviCorrectrice", m.commentaire,
       m.informations_audite as "informationsAudite",
       m.informations_auditeur as "informationsAuditeur", coalesce((m.etat in ('EN_COURS', 'TRANSMIS_OC', 'EN_COURS_OC') and (m.date_suivi_corrective < (now() at time zone 'Europe/Paris')::date
                                   or m.date_suivi_correctrice < (now() at time zone 'Europe/Paris')::date)), false) as "enRetard"

  from manquement m
  join personne_morale p on p.id = m.personne_morale_id
  join aop_igp a on a.id = m.aop_igp_id
  join point_controle pc on pc.id = m.point_controle_id
  left join controle c on c.id = m.controle_id where a.odg_id = $1 and m.deleted_at is null and m.etat in ($2) and m.niveau in ($3) and coalesce(c.nature, 'INTERNE') in ($4) and (m.recidive or exists (select 1 from manquement m2
 where m2.personne_morale_id = m.personne_morale_id and m2.point_controle_id = m.point_controle_id
   and m2.aop_igp_id = m.aop_igp_id and m2.id < m.id and m2.deleted_at is null))
           order by coalesce(c.date, m.created_at) desc, m.id desc
           limit $5 offset $6;

-- parCategorie
select coalesce(cat.libelle, 'Sans catégorie') as categorie, m.niveau as seuil,
               count(*)::int as nombre

from manquement m
join personne_morale p on p.id = m.personne_morale_id
join aop_igp a on a.id = m.aop_igp_id
join point_controle pc on pc.id = m.point_controle_id
left join controle c on c.id = m.controle_id
          left join categorie cat on cat.id = pc.categorie_id
         where a.odg_id = $1 and m.deleted_at is null
         group by 1, 2 order by 1, 2;

-- detail
select x.*, m.aop_igp_id::text as "aopIgpId", m.valeur,
                   m.mesure_corrective as "mesureCorrective",
                   m.delai_suivi_corrective as "delaiSuiviCorrective",
                   m.mesure_correctrice as "mesureCorrectrice",
                   m.delai_suivi_correctrice as "delaiSuiviCorrectrice",
                   m.controle_id::text as "controleId",
                   m.point_controle_id::text as "pointControleId",
                   (select f.id::text from controle c join fichier f on f.controle_id = c.id
                     where c.id = m.controle_id and c.odg_id = $1
                       and c.deleted_at is null and f.type_document = 'RAPPORT_AUDIT'
                       and f.sha256 = c.rapport_sha256
                     order by f.id desc limit 1) as "rapportSigneFichierId"
              from (
select m.id::text as id, p.id::text as "personneMoraleId", p.raison_sociale as "raisonSociale",
       p.siret, p.code_postal as "codePostal", p.ville,
       coalesce(c.nature, 'INTERNE') = 'INTERNE' as interne, a.libelle as "aopIgp",
       (select array_agg(act.libelle order by act.libelle) from activite_aop aa
          join activite act on act.id = aa.activite_id
         where aa.id = any(c.activite_aop_igp_ids)) as activites,
       c.nature, c.niveau, to_char(coalesce(c.date, m.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
       pc.code as "codePoint", pc.libelle as "libellePoint", m.etat, m.niveau as seuil,
       (m.recidive or exists (select 1 from manquement m2
 where m2.personne_morale_id = m.personne_morale_id and m2.point_controle_id = m.point_controle_id
   and m2.aop_igp_id = m.aop_igp_id and m2.id < m.id and m2.deleted_at is null)) as recidive, to_char(m.date_derniere_evolution at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dateModification",
       m.date_suivi_corrective::text as "dateSuiviCorrective",
       m.date_suivi_correctrice::text as "dateSuiviCorrectrice", m.commentaire,
       m.informations_audite as "informationsAudite",
       m.informations_auditeur as "informationsAuditeur", coalesce((m.etat in ('EN_COURS', 'TRANSMIS_OC', 'EN_COURS_OC') and (m.date_suivi_corrective < (now() at time zone 'Europe/Paris')::date
                                   or m.date_suivi_correctrice < (now() at time zone 'Europe/Paris')::date)), false) as "enRetard"

  from manquement m
  join personne_morale p on p.id = m.personne_morale_id
  join aop_igp a on a.id = m.aop_igp_id
  join point_controle pc on pc.id = m.point_controle_id
  left join controle c on c.id = m.controle_id where a.odg_id = $2 and m.deleted_at is null and m.id = $3) x
              join manquement m on m.id = x.id::bigint;

-- historique
select to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, h.etat_avant as "etatAvant", h.etat,
      h.commentaire, h.origine, pp.prenom || ' ' || pp.nom as auteur
 from manquement_historique h
 left join utilisateur u on u.id = h.utilisateur_id
 left join personne_physique pp on pp.id = u.personne_physique_id
where h.manquement_id = $1
order by h.created_at desc, h.id desc;

-- precedents
select m2.id::text as id, to_char(coalesce(c2.date, m2.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
      m2.etat, m2.niveau as seuil
 from manquement m
 join manquement m2 on m2.personne_morale_id = m.personne_morale_id
  and m2.point_controle_id = m.point_controle_id and m2.aop_igp_id = m.aop_igp_id
  and m2.id < m.id and m2.deleted_at is null
 left join controle c2 on c2.id = m2.controle_id
where m.id = $1
order by m2.id desc;

-- pointDuLabel
select 1 as ok from point_controle_aop pca join aop_igp a on a.id = pca.aop_igp_id
where pca.aop_igp_id = $1 and pca.point_controle_id = $2
  and a.odg_id = $3 and pca.deleted_at is null;
