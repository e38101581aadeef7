ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "quiet_in_calls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "quiet_hours_start" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "quiet_hours_end" text;
