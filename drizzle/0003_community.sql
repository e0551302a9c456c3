CREATE TABLE "saved_questions" (
	"user_id" text NOT NULL,
	"question_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_questions_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"user_id" text NOT NULL,
	"question_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_user_id_question_id_pk" PRIMARY KEY("user_id","question_id"),
	CONSTRAINT "votes_direction_check" CHECK ("votes"."direction" in ('up', 'down'))
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "moderation_note" text;--> statement-breakpoint
ALTER TABLE "saved_questions" ADD CONSTRAINT "saved_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_questions" ADD CONSTRAINT "saved_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_questions_recent_idx" ON "saved_questions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "votes_question_idx" ON "votes" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "questions_popular_idx" ON "questions" USING btree ("status","total_votes" DESC NULLS LAST,"vote_score" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questions_trending_idx" ON "questions" USING btree ("status","vote_score" DESC NULLS LAST,"total_votes" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questions_newest_idx" ON "questions" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questions_author_idx" ON "questions" USING btree ("author_id");