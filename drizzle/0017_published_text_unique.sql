-- A text is unique among published questions only: private, team and waiting questions may repeat it,
-- so storing one never tells anyone that another member's unpublished question says the same.
-- The rows already stored are unique across all statuses, so no data has to change.
ALTER TABLE "questions" DROP CONSTRAINT "questions_normalized_text_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "questions_published_text_idx" ON "questions" USING btree ("normalized_text") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "questions_normalized_text_idx" ON "questions" USING btree ("normalized_text");