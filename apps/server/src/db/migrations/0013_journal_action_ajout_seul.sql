-- The office's action journal (GDPR anonymisations, conflict decisions) is append-only, as the
-- sync inbox is: a journal that can be rewritten or emptied answers nothing later.
CREATE TRIGGER journal_action_append_only BEFORE UPDATE OR DELETE ON journal_action FOR EACH ROW EXECUTE FUNCTION estive_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_action_append_only_truncate BEFORE TRUNCATE ON journal_action FOR EACH STATEMENT EXECUTE FUNCTION estive_append_only();
