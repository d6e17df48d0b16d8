CREATE TABLE "settings_history" (
	"key" text NOT NULL,
	"effective_from" date NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "settings_history_key_effective_from_pk" PRIMARY KEY("key","effective_from")
);
