-- Analytics aggregate only the running sessions' feedback: find a user's running sessions without reading the ended ones.
CREATE INDEX IF NOT EXISTS "posture_sessions_open_idx" ON "posture_sessions" USING btree ("user_id") WHERE "end_time" IS NULL;
