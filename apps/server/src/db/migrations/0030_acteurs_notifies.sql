-- The actor of an access token (user, roles, active right, session) is kept in each node's memory
-- between requests (plugins/auth.ts, docs/decisions.md 'Authentication'). Every write to what it
-- is read from notifies 'estive_acteurs' at commit: every pooled connection LISTENs on it, so the
-- writing connection hears it before its COMMIT returns (its own node forgets at once) and the
-- other nodes a moment later. Statement-level: one notification per statement, folded per
-- transaction; a session's refresh (used_at) notifies nothing, its revocation does. The payload
-- names the transaction: each of a node's connections hears it, the node counts it once.
CREATE FUNCTION estive_acteurs_notifies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('estive_acteurs', pg_current_xact_id()::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER utilisateur_acteurs AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON utilisateur FOR EACH STATEMENT EXECUTE FUNCTION estive_acteurs_notifies();
--> statement-breakpoint
CREATE TRIGGER droit_acteurs AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON droit FOR EACH STATEMENT EXECUTE FUNCTION estive_acteurs_notifies();
--> statement-breakpoint
CREATE TRIGGER organisme_acteurs AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organisme FOR EACH STATEMENT EXECUTE FUNCTION estive_acteurs_notifies();
--> statement-breakpoint
CREATE TRIGGER refresh_token_acteurs AFTER UPDATE OF revoked_at OR DELETE OR TRUNCATE ON refresh_token FOR EACH STATEMENT EXECUTE FUNCTION estive_acteurs_notifies();
