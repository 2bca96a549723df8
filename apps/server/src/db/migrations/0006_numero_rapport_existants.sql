-- Controls that existed before report numbers keep the number their reports were printed with
-- ('SIQ-' + id); the sequence then continues above every number in use. Through negative
-- values first: the unique index is checked row by row, and ids may equal numbers just given.
UPDATE controle SET numero_rapport = -id;--> statement-breakpoint
UPDATE controle SET numero_rapport = id;--> statement-breakpoint
SELECT setval('numero_rapport_seq', (SELECT coalesce(max(numero_rapport), 0) + 1 FROM controle), false);
