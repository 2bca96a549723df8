ALTER TABLE "referentiel" ADD COLUMN "type_document" text;--> statement-breakpoint
ALTER TABLE "referentiel" ADD COLUMN "version_document" text;--> statement-breakpoint
ALTER TABLE "referentiel" ADD COLUMN "debut_validite" date;--> statement-breakpoint
ALTER TABLE "referentiel" ADD COLUMN "fin_validite" date;--> statement-breakpoint
ALTER TABLE "referentiel" ADD COLUMN "fichier_id" bigint;--> statement-breakpoint
ALTER TABLE "campagne" ADD COLUMN "courante" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "campagne_courante_uq" ON "campagne" USING btree ("odg_id") WHERE courante;