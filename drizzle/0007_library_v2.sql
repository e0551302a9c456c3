CREATE TABLE "question_categories" (
	"question_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "question_categories_question_id_category_id_pk" PRIMARY KEY("question_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_source_check";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_status_check";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "format" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answers" text[];--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_categories_category_idx" ON "question_categories" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_format_check" CHECK ("questions"."format" in ('open', 'one-word', 'would-you-rather', 'pick-one', 'scale', 'high-low', 'chain', 'show-and-tell'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_source_check" CHECK ("questions"."source" in ('curated', 'ai_generated', 'user_submitted', 'composed'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_status_check" CHECK ("questions"."status" in ('published', 'pending', 'rejected', 'retired'));--> statement-breakpoint
-- Every question belongs to the category it was written for.
INSERT INTO "question_categories" ("question_id", "category_id") SELECT "id", "category_id" FROM "questions" WHERE "category_id" IS NOT NULL;
--> statement-breakpoint
-- Whatever writes a question (the library, a member, the AI), it belongs to the category it was written for.
CREATE FUNCTION "track_question_home_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.category_id IS NOT NULL THEN
    INSERT INTO "question_categories" ("question_id", "category_id") VALUES (NEW.id, NEW.category_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "questions_home_category" AFTER INSERT OR UPDATE OF category_id ON "questions"
  FOR EACH ROW EXECUTE FUNCTION "track_question_home_category"();
