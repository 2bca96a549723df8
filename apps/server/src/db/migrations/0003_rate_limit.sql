CREATE TABLE "rate_limit" (
	"cle" text PRIMARY KEY NOT NULL,
	"compte" integer NOT NULL,
	"fin" timestamp with time zone NOT NULL
);
