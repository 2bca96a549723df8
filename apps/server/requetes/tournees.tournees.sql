-- Instantané généré par `npm run sql:instantanes` : ne pas modifier.

-- lister (sans filtre)
select count(*)::int as n from tournee r
 left join utilisateur u on u.id = r.controleur_id
 left join personne_physique pp on pp.id = u.personne_physique_id
where r.deleted_at is null and r.odg_id = $1;


select r.id, r.debut::text as debut, r.fin::text as fin, r.statut, r.odg_id, r.controleur_id,
       pp.nom as controleur_nom, pp.prenom as controleur_prenom,
       c.id as campagne_id, c.libelle as campagne_libelle,
       f.id as planning_id, f.file_name as planning_nom,
       (select count(*)::int from tournee_operateur o where o.tournee_id = r.id) as nb_operateurs
  from tournee r
  left join utilisateur u on u.id = r.controleur_id
  left join personne_physique pp on pp.id = u.personne_physique_id
  left join campagne c on c.id = r.campagne_id
  left join fichier f on f.id = r.planning_fichier_id where r.deleted_at is null and r.odg_id = $1 order by r.debut desc, r.id desc
          limit $2 offset $3;

-- lister (filtres)
select count(*)::int as n from tournee r
 left join utilisateur u on u.id = r.controleur_id
 left join personne_physique pp on pp.id = u.personne_physique_id
where r.deleted_at is null and r.odg_id = $1 and r.controleur_id = $2 and r.statut <> 'PREPARATION' and r.statut in ($3) and estive_normalise(coalesce(pp.nom, '') || ' ' || coalesce(pp.prenom, '') || ' ' || coalesce(u.login, ''))
    like estive_normalise($4) and r.fin >= $5::date and r.debut <= $6::date and r.campagne_id = $7;


select r.id, r.debut::text as debut, r.fin::text as fin, r.statut, r.odg_id, r.controleur_id,
       pp.nom as controleur_nom, pp.prenom as controleur_prenom,
       c.id as campagne_id, c.libelle as campagne_libelle,
       f.id as planning_id, f.file_name as planning_nom,
       (select count(*)::int from tournee_operateur o where o.tournee_id = r.id) as nb_operateurs
  from tournee r
  left join utilisateur u on u.id = r.controleur_id
  left join personne_physique pp on pp.id = u.personne_physique_id
  left join campagne c on c.id = r.campagne_id
  left join fichier f on f.id = r.planning_fichier_id where r.deleted_at is null and r.odg_id = $1 and r.controleur_id = $2 and r.statut <> 'PREPARATION' and r.statut in ($3) and estive_normalise(coalesce(pp.nom, '') || ' ' || coalesce(pp.prenom, '') || ' ' || coalesce(u.login, ''))
               like estive_normalise($4) and r.fin >= $5::date and r.debut <= $6::date and r.campagne_id = $7 order by r.debut desc, r.debut desc, r.id desc
          limit $8 offset $9;

-- trouver

select r.id, r.debut::text as debut, r.fin::text as fin, r.statut, r.odg_id, r.controleur_id,
       pp.nom as controleur_nom, pp.prenom as controleur_prenom,
       c.id as campagne_id, c.libelle as campagne_libelle,
       f.id as planning_id, f.file_name as planning_nom,
       (select count(*)::int from tournee_operateur o where o.tournee_id = r.id) as nb_operateurs
  from tournee r
  left join utilisateur u on u.id = r.controleur_id
  left join personne_physique pp on pp.id = u.personne_physique_id
  left join campagne c on c.id = r.campagne_id
  left join fichier f on f.id = r.planning_fichier_id where r.id = $1 and r.deleted_at is null and r.odg_id = $2;

-- controles
select c.id, c.tournee_id, c.personne_morale_id, p.raison_sociale, c.date,
      a.id as aop_id, a.libelle as aop_libelle, c.niveau, c.statut, c.resultat,
      c.fichier_ids, c.raison_abandon, c.controleur_id,
      nullif(trim(coalesce(cp.prenom, '') || ' ' || coalesce(cp.nom, '')), '') as controleur,
      (select json_agg(json_build_object('id', s.id, 'libelle', s.libelle) order by s.libelle, s.id)
         from site s where s.id = any(c.site_ids)) as sites,
      (select json_agg(json_build_object('id', aa.id, 'libelle', ac.libelle) order by ac.libelle, aa.id)
         from activite_aop aa join activite ac on ac.id = aa.activite_id
        where aa.id = any(c.activite_aop_igp_ids)) as activites
 from controle c
 join personne_morale p on p.id = c.personne_morale_id
 join aop_igp a on a.id = c.aop_igp_id
 left join utilisateur cu on cu.id = c.controleur_id
 left join personne_physique cp on cp.id = cu.personne_physique_id
where c.tournee_id in ($1, $2) and c.deleted_at is null
order by c.date, p.raison_sociale, a.libelle, c.id;

-- operateurs
select p.id as personne_morale_id, p.raison_sociale, p.siret, p.code_postal, p.ville,
      o.valide, o.brouillon, f.id as avis_id, f.file_name as avis_nom
 from tournee_operateur o
 join personne_morale p on p.id = o.personne_morale_id
 left join fichier f on f.id = o.avis_passage_fichier_id
where o.tournee_id = $1
order by p.raison_sociale, p.id;

-- evenements
select e.statut, e.le,
      nullif(trim(coalesce(pp.prenom, '') || ' ' || coalesce(pp.nom, '')), '') as par
 from tournee_evenement e
 left join utilisateur u on u.id = e.utilisateur_id
 left join personne_physique pp on pp.id = u.personne_physique_id
where e.tournee_id = $1
order by e.le, e.id;

-- campagne
select c.libelle, c.debut::text as debut, c.fin::text as fin
 from tournee t join campagne c on c.id = t.campagne_id
where t.id = $1;

-- estControleurDeLOdg
select u.id from utilisateur u
 join droit d on d.utilisateur_id = u.id and d.organisme_id = $1
where u.id = $2 and u.actif and 'ROLE_CONTROLEUR' = any(u.roles);
