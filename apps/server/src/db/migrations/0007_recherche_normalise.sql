-- Operator search (DESIGN §1 Search): unaccent() is only STABLE (its dictionary could change), so a
-- generated column cannot call it. This wrapper names the dictionary explicitly and is declared
-- IMMUTABLE, the documented way to index unaccented text; the next migration's generated column
-- `personne_morale.recherche` and its trigram index use it.
CREATE OR REPLACE FUNCTION estive_normalise(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, t)) $$;
