ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "alert_sensitivity" text DEFAULT 'high' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "warning_delay_seconds" integer DEFAULT 30 NOT NULL;
