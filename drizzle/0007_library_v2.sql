CREATE TABLE "question_categories" (
	"question_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"meeting_context" text NOT NULL,
	"question_style" text NOT NULL,
	"engagement_level" text NOT NULL,
	CONSTRAINT "question_categories_question_id_category_id_pk" PRIMARY KEY("question_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_source_check";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_status_check";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "format" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answers" text[];--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_categories_choice_idx" ON "question_categories" USING btree ("category_id","meeting_context","question_style","engagement_level");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_format_check" CHECK ("questions"."format" in ('open', 'one-word', 'would-you-rather', 'pick-one', 'scale', 'high-low', 'chain', 'show-and-tell'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_source_check" CHECK ("questions"."source" in ('curated', 'ai_generated', 'user_submitted', 'composed'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_status_check" CHECK ("questions"."status" in ('published', 'pending', 'rejected', 'retired'));