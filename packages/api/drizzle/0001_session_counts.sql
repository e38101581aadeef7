ALTER TABLE "posture_sessions" ADD COLUMN "good_count" integer;--> statement-breakpoint
ALTER TABLE "posture_sessions" ADD COLUMN "neutral_count" integer;--> statement-breakpoint
ALTER TABLE "posture_sessions" ADD COLUMN "poor_count" integer;