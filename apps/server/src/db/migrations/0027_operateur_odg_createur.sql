-- Who owns an operator no ODG has habilitated yet (issue 28 item 3 b, docs/decisions.md 'Annuaire:
-- the write perimeter'): the ODG whose office created it. Every ODG still reads such an operator
-- (duplicates, a first habilitation on its own label), but only the creating ODG and CNAOL edit or
-- anonymise it. Operators created before this column have none: CNAOL alone owns them.
ALTER TABLE "personne_morale" ADD COLUMN "odg_createur_id" bigint REFERENCES "organisme"("id");
