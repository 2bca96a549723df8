DROP INDEX "personne_morale_raison_sociale_trgm";--> statement-breakpoint
ALTER TABLE "personne_morale" ADD COLUMN "recherche" text GENERATED ALWAYS AS (estive_normalise(raison_sociale || ' ' || coalesce(nom, '') || ' ' || replace(siret, ' ', '') || ' ' || coalesce(code_postal, '') || ' ' || coalesce(ville, '') || ' ' || coalesce(mail, '') || ' ' || coalesce(ede, '') || ' ' || coalesce(pacage, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "personne_morale" ADD COLUMN "odg_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "personne_morale_odg_ids_idx" ON "personne_morale" USING gin ("odg_ids");--> statement-breakpoint
CREATE INDEX "personne_morale_recherche_trgm" ON "personne_morale" USING gin ("recherche" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "personne_morale_raison_sociale_idx" ON "personne_morale" USING btree ("raison_sociale","id");