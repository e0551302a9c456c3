-- A round may give each person a question of their own: the round keeps the choice they are drawn from, each
-- participant the question drawn for them (its text copied, like a round's questions), never one twice in a round.
ALTER TABLE "live_participants" ADD COLUMN "question_id" uuid;--> statement-breakpoint
ALTER TABLE "live_participants" ADD COLUMN "question_text" text;--> statement-breakpoint
ALTER TABLE "live_rounds" ADD COLUMN "per_person" jsonb;--> statement-breakpoint
ALTER TABLE "live_participants" ADD CONSTRAINT "live_participants_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_participants_question_idx" ON "live_participants" USING btree ("round_id","question_id");