CREATE SEQUENCE "public"."numero_rapport_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "numero_rapport_reserve" (
	"numero" bigint PRIMARY KEY NOT NULL,
	"utilisateur_id" bigint NOT NULL,
	"odg_id" bigint NOT NULL,
	"controle_id" bigint,
	"reserve_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "controle" ADD COLUMN "numero_rapport" bigint DEFAULT nextval('numero_rapport_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "numero_rapport_reserve" ADD CONSTRAINT "numero_rapport_reserve_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "numero_rapport_reserve" ADD CONSTRAINT "numero_rapport_reserve_odg_id_organisme_id_fk" FOREIGN KEY ("odg_id") REFERENCES "public"."organisme"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "numero_rapport_reserve" ADD CONSTRAINT "numero_rapport_reserve_controle_id_controle_id_fk" FOREIGN KEY ("controle_id") REFERENCES "public"."controle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "numero_rapport_reserve_libre_idx" ON "numero_rapport_reserve" USING btree ("utilisateur_id","odg_id","controle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "numero_rapport_reserve_controle_uq" ON "numero_rapport_reserve" USING btree ("controle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "controle_numero_rapport_uq" ON "controle" USING btree ("numero_rapport");