-- Shortcomings found in the field (issue 27): a later control that finds an open shortcoming of
-- the same point again updates it rather than adding a second row; it is then a recidive, and
-- the control that found it again is kept (so that leaving NC while that control is open undoes it).
ALTER TABLE "manquement" ADD COLUMN "recidive" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "manquement" ADD COLUMN "controle_recidive_id" bigint REFERENCES "controle"("id");
--> statement-breakpoint
CREATE INDEX "manquement_controle_recidive_idx" ON "manquement" USING btree ("controle_recidive_id") WHERE "controle_recidive_id" IS NOT NULL;
--> statement-breakpoint
-- The shortcomings of a point of one operator and label, newest first: the carried one is looked up there.
CREATE INDEX "manquement_operateur_point_idx" ON "manquement" USING btree ("personne_morale_id","point_controle_id","aop_igp_id");
