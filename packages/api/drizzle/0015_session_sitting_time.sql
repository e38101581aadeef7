-- A finished session's sitting time in seconds (core's sessionSitting over its feedback saying who was in view:
-- its stretches added up), stored at its end with its other figures so the analytics read no feedback for it.
-- NULL: the session's feedback never said who was in view (a client from before it), or it was ended under an
-- older rule; those are recomputed on their next read (FIGURES_RULE 4, withCurrentFigures).
ALTER TABLE "posture_sessions" ADD COLUMN IF NOT EXISTS "sitting_time" integer;
