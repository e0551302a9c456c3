CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"user_id" text,
	"sender_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "published_question_counts" (
	"category_key" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "questions_popular_idx";--> statement-breakpoint
DROP INDEX "questions_trending_idx";--> statement-breakpoint
DROP INDEX "questions_newest_idx";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_sender_idx" ON "contact_messages" USING btree ("sender_key","created_at");--> statement-breakpoint
CREATE INDEX "questions_category_popular_idx" ON "questions" USING btree ("category_id","total_votes" DESC NULLS FIRST,"vote_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "questions_category_trending_idx" ON "questions" USING btree ("category_id","vote_score" DESC NULLS FIRST,"total_votes" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "questions_category_newest_idx" ON "questions" USING btree ("category_id","created_at" DESC NULLS FIRST,"id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "questions_popular_idx" ON "questions" USING btree ("total_votes" DESC NULLS FIRST,"vote_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "questions_trending_idx" ON "questions" USING btree ("vote_score" DESC NULLS FIRST,"total_votes" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "questions_newest_idx" ON "questions" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE status = 'published';--> statement-breakpoint
CREATE FUNCTION "track_published_question_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' THEN
    UPDATE published_question_counts SET total = total - 1 WHERE category_key = coalesce(OLD.category_id::text, '');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
    INSERT INTO published_question_counts (category_key, total) VALUES (coalesce(NEW.category_id::text, ''), 1)
      ON CONFLICT (category_key) DO UPDATE SET total = published_question_counts.total + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "questions_published_counts" AFTER INSERT OR DELETE OR UPDATE OF status, category_id ON "questions"
  FOR EACH ROW EXECUTE FUNCTION "track_published_question_counts"();--> statement-breakpoint
INSERT INTO "published_question_counts" (category_key, total)
  SELECT coalesce(category_id::text, ''), count(*)::int FROM "questions" WHERE status = 'published' GROUP BY 1;
