-- A finished session's breaks and its longest sitting stretch in seconds (core's sessionSitting, as the report
-- shows them), stored at its end beside its sitting time so the analytics' Sitting and Breaks read no feedback.
-- NULL as sitting_time is: its feedback never said who was in view, or it was ended under an older rule (those
-- are recomputed on their next read, FIGURES_RULE 7, withCurrentFigures).
ALTER TABLE "posture_sessions" ADD COLUMN IF NOT EXISTS "breaks" integer;--> statement-breakpoint
ALTER TABLE "posture_sessions" ADD COLUMN IF NOT EXISTS "longest_stretch" integer;
