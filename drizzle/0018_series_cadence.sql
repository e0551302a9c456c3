-- Series meet weekly, every two weeks, monthly on the nth or last weekday, or monthly on a date. Every
-- series stored before this meets weekly: the default cadence keeps its weekday and time unchanged.
-- A series keeps the question prepared for its next meeting, a meeting the question it was started with,
-- and team_question_draws who drew another one and when (the team's history).
CREATE TABLE "team_question_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"series_id" uuid,
	"question_id" uuid NOT NULL,
	"replaced_id" uuid,
	"drawn_by" text,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_series" ALTER COLUMN "weekday" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD COLUMN "cadence" text DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD COLUMN "week_of_month" integer;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD COLUMN "day_of_month" integer;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD COLUMN "next_question_id" uuid;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD COLUMN "next_question_by" text;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD COLUMN "next_question_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_meetings" ADD COLUMN "question_id" uuid;--> statement-breakpoint
ALTER TABLE "team_question_draws" ADD CONSTRAINT "team_question_draws_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_draws" ADD CONSTRAINT "team_question_draws_series_id_meeting_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."meeting_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_draws" ADD CONSTRAINT "team_question_draws_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_draws" ADD CONSTRAINT "team_question_draws_replaced_id_questions_id_fk" FOREIGN KEY ("replaced_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_draws" ADD CONSTRAINT "team_question_draws_drawn_by_users_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_question_draws_team_idx" ON "team_question_draws" USING btree ("team_id","drawn_at");--> statement-breakpoint
CREATE INDEX "team_question_draws_series_idx" ON "team_question_draws" USING btree ("series_id","drawn_at");--> statement-breakpoint
ALTER TABLE "meeting_series" ADD CONSTRAINT "meeting_series_next_question_id_questions_id_fk" FOREIGN KEY ("next_question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD CONSTRAINT "meeting_series_next_question_by_users_id_fk" FOREIGN KEY ("next_question_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_meetings" ADD CONSTRAINT "team_meetings_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD CONSTRAINT "meeting_series_cadence_check" CHECK ("meeting_series"."cadence" in ('weekly', 'every-two-weeks', 'monthly-weekday', 'monthly-date')
        and ("meeting_series"."weekday" is null) = ("meeting_series"."cadence" = 'monthly-date')
        and ("meeting_series"."week_of_month" is null) = ("meeting_series"."cadence" <> 'monthly-weekday')
        and ("meeting_series"."day_of_month" is null) = ("meeting_series"."cadence" <> 'monthly-date')
        and ("meeting_series"."starts_on" is null) = ("meeting_series"."cadence" <> 'every-two-weeks'));--> statement-breakpoint
ALTER TABLE "meeting_series" ADD CONSTRAINT "meeting_series_week_of_month_check" CHECK ("meeting_series"."week_of_month" in (-1, 1, 2, 3, 4));--> statement-breakpoint
ALTER TABLE "meeting_series" ADD CONSTRAINT "meeting_series_day_of_month_check" CHECK ("meeting_series"."day_of_month" between 1 and 31);