CREATE TABLE "ai_usage" (
	"subject" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_imports" (
	"name" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"normalized_text" text NOT NULL,
	"type" text NOT NULL,
	"meeting_context" text NOT NULL,
	"question_style" text NOT NULL,
	"engagement_level" text NOT NULL,
	"category_id" uuid,
	"source" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"author_id" text,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"vote_score" integer DEFAULT 0 NOT NULL,
	"total_votes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_normalized_text_unique" UNIQUE("normalized_text"),
	CONSTRAINT "questions_type_check" CHECK ("questions"."type" in ('check-in', 'energizer', 'check-out')),
	CONSTRAINT "questions_source_check" CHECK ("questions"."source" in ('curated', 'ai_generated', 'user_submitted')),
	CONSTRAINT "questions_status_check" CHECK ("questions"."status" in ('published', 'pending', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_cell_idx" ON "questions" USING btree ("meeting_context","question_style","engagement_level","category_id");--> statement-breakpoint
CREATE INDEX "questions_type_idx" ON "questions" USING btree ("type","question_style");