CREATE TABLE "chat_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"key" text NOT NULL,
	"target" text NOT NULL,
	"question_id" uuid,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reminder_opt_ins" (
	"platform" text NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"team_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reminder_opt_ins_platform_workspace_id_user_id_team_id_pk" PRIMARY KEY("platform","workspace_id","user_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "meeting_series" ADD COLUMN "reminder" text DEFAULT 'no' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "question_of_day_at" text;--> statement-breakpoint
ALTER TABLE "chat_notices" ADD CONSTRAINT "chat_notices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notices" ADD CONSTRAINT "chat_notices_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reminder_opt_ins" ADD CONSTRAINT "chat_reminder_opt_ins_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_notices_team_key_idx" ON "chat_notices" USING btree ("team_id","platform","key");--> statement-breakpoint
CREATE INDEX "chat_reminder_opt_ins_team_idx" ON "chat_reminder_opt_ins" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "meeting_series" ADD CONSTRAINT "meeting_series_reminder_check" CHECK ("meeting_series"."reminder" in ('no', 'hour-before', 'morning', 'day-before'));--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_question_of_day_at_check" CHECK ("teams"."question_of_day_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');