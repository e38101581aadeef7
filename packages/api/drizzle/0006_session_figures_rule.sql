-- Which version of the session-figure rules (packages/api/src/sessions/service.ts, FIGURES_RULE) a finished
-- session's stored duration, score, stability, CVA and times were computed by. Sessions ended before migration
-- 0003 were scored by the old rules (stability = share of consecutive feedback with the same status, no times):
-- they stay NULL here and are recomputed from their stored feedback by the current rules on their next read
-- (withCurrentFigures), so history, analytics and exports agree with their report. Sessions ended since 0003
-- (times stored) were computed by rule 1, the timestamp rules.
ALTER TABLE "posture_sessions" ADD COLUMN "figures_rule" integer;--> statement-breakpoint
UPDATE "posture_sessions" SET "figures_rule" = 1 WHERE "end_time" IS NOT NULL AND "good_time" IS NOT NULL;
