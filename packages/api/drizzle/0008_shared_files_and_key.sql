-- Issue 12: state that sat on one instance's disk moves to the database every instance reads.
-- Uploaded files (avatars, calibration photos), deleted with their user.
CREATE TABLE IF NOT EXISTS "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"content" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stored_files_user_idx" ON "stored_files" USING btree ("user_id");
--> statement-breakpoint
-- The API's signing key (ES256 private JWK) when API_SIGNING_KEY is not set: one row for every instance.
CREATE TABLE IF NOT EXISTS "signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
