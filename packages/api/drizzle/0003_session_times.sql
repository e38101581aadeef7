-- Seconds in good, neutral and poor posture, stored when a session ends (the report's keyFindings), so history,
-- analytics and exports show the same times as the report without rescanning the feedback.
ALTER TABLE "posture_sessions" ADD COLUMN "good_time" integer;--> statement-breakpoint
ALTER TABLE "posture_sessions" ADD COLUMN "neutral_time" integer;--> statement-breakpoint
ALTER TABLE "posture_sessions" ADD COLUMN "poor_time" integer;
