-- The habilitations of a label with their operator, index-only: the habilitations screen counts
-- the ODG's every habilitation whose operator is in the perimeter (33,000 at 50,000 operators) from
-- this index and the word index, instead of reading the whole table. It replaces the label's index.
DROP INDEX "habilitation_aop_idx";
--> statement-breakpoint
CREATE INDEX "habilitation_aop_idx" ON "habilitation" USING btree ("aop_igp_id","personne_morale_id");
