ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "stand_up_minutes" integer DEFAULT 50;
