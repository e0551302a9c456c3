ALTER TABLE "meeting_series" ADD COLUMN "opens_ahead" text DEFAULT 'no' NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD COLUMN "ahead_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_meetings" ADD COLUMN "answers_open_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "team_meetings_opened_ahead_idx" ON "team_meetings" USING btree ("series_id","held_at") WHERE "team_meetings"."answers_open_at" is not null;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD CONSTRAINT "meeting_series_opens_ahead_check" CHECK ("meeting_series"."opens_ahead" in ('no', 'day-before', 'morning', 'hours-before'));