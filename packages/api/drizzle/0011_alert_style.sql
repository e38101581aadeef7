ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "alert_style" text DEFAULT 'silent' NOT NULL;
