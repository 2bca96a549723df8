-- A stored push whose judging was interrupted (crash, kill, restart) is resumed by the server itself
-- (issue 28 item 2): a node takes an entry for a while (its lease) before judging it, so that two
-- nodes do not judge it at once, and another node takes it again if the first died meanwhile.
CREATE TABLE "sync_inbox_reprise" (
	"inbox_id" bigint PRIMARY KEY NOT NULL REFERENCES "sync_inbox"("id"),
	"pris_le" timestamp with time zone DEFAULT now() NOT NULL,
	"tentatives" integer DEFAULT 1 NOT NULL
);
