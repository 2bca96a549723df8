-- An operator's contact may be an existing natural person of the perimeter (issue 32 item 2): the
-- add-contact form offers "Utiliser cette personne" instead of typing the same person again. The
-- contact keeps its own copy of the identity (the directory feed's documents carry it) and the
-- link; anonymising the person removes the contacts linked to it.
ALTER TABLE "contact" ADD COLUMN "personne_physique_id" bigint REFERENCES "personne_physique"("id");
--> statement-breakpoint
CREATE INDEX "contact_personne_physique_idx" ON "contact" USING btree ("personne_physique_id");
