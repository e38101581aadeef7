ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "battery_mode" text DEFAULT 'usual' NOT NULL;
