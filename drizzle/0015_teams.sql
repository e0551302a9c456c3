CREATE TABLE "meeting_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid,
	"meeting_context" text NOT NULL,
	"question_style" text NOT NULL,
	"engagement_level" text NOT NULL,
	"weekday" integer NOT NULL,
	"time_of_day" text NOT NULL,
	"pulse" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_series_weekday_check" CHECK ("meeting_series"."weekday" between 0 and 6),
	CONSTRAINT "meeting_series_time_check" CHECK ("meeting_series"."time_of_day" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "series_hosts" (
	"series_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "series_hosts_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_hidden_questions" (
	"team_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_hidden_questions_team_id_question_id_pk" PRIMARY KEY("team_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text,
	"role" text DEFAULT 'member' NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "team_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "team_invitations_role_check" CHECK ("team_invitations"."role" in ('facilitator', 'member'))
);
--> statement-breakpoint
CREATE TABLE "team_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"series_id" uuid,
	"host_id" text,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"live_round_id" uuid,
	"recap" jsonb,
	"pulse_counts" integer[]
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id"),
	CONSTRAINT "team_members_role_check" CHECK ("team_members"."role" in ('owner', 'facilitator', 'member'))
);
--> statement-breakpoint
CREATE TABLE "team_question_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"meeting_id" uuid,
	"series_id" uuid,
	"used_by" text,
	"how" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_question_uses_how_check" CHECK ("team_question_uses"."how" in ('presented', 'live', 'asked'))
);
--> statement-breakpoint
CREATE TABLE "team_saved_questions" (
	"team_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"saved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_saved_questions_team_id_question_id_pk" PRIMARY KEY("team_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_status_check";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD CONSTRAINT "meeting_series_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_series" ADD CONSTRAINT "meeting_series_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_hosts" ADD CONSTRAINT "series_hosts_series_id_meeting_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."meeting_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_hosts" ADD CONSTRAINT "series_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_hidden_questions" ADD CONSTRAINT "team_hidden_questions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_hidden_questions" ADD CONSTRAINT "team_hidden_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_hidden_questions" ADD CONSTRAINT "team_hidden_questions_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_meetings" ADD CONSTRAINT "team_meetings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_meetings" ADD CONSTRAINT "team_meetings_series_id_meeting_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."meeting_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_meetings" ADD CONSTRAINT "team_meetings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_meetings" ADD CONSTRAINT "team_meetings_live_round_id_live_rounds_id_fk" FOREIGN KEY ("live_round_id") REFERENCES "public"."live_rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_uses" ADD CONSTRAINT "team_question_uses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_uses" ADD CONSTRAINT "team_question_uses_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_uses" ADD CONSTRAINT "team_question_uses_meeting_id_team_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."team_meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_uses" ADD CONSTRAINT "team_question_uses_series_id_meeting_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."meeting_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_uses" ADD CONSTRAINT "team_question_uses_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_saved_questions" ADD CONSTRAINT "team_saved_questions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_saved_questions" ADD CONSTRAINT "team_saved_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_saved_questions" ADD CONSTRAINT "team_saved_questions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_series_team_idx" ON "meeting_series" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_invitations_team_idx" ON "team_invitations" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "team_meetings_team_idx" ON "team_meetings" USING btree ("team_id","held_at");--> statement-breakpoint
CREATE INDEX "team_meetings_series_idx" ON "team_meetings" USING btree ("series_id","held_at");--> statement-breakpoint
CREATE INDEX "team_meetings_round_idx" ON "team_meetings" USING btree ("live_round_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_owner_idx" ON "team_members" USING btree ("team_id") WHERE role = 'owner';--> statement-breakpoint
CREATE INDEX "team_question_uses_question_idx" ON "team_question_uses" USING btree ("team_id","question_id","used_at");--> statement-breakpoint
CREATE INDEX "team_question_uses_recent_idx" ON "team_question_uses" USING btree ("team_id","used_at");--> statement-breakpoint
CREATE INDEX "team_saved_questions_recent_idx" ON "team_saved_questions" USING btree ("team_id","created_at");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_team_idx" ON "questions" USING btree ("team_id") WHERE team_id is not null;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_team_status_check" CHECK ("questions"."status" <> 'team' or "questions"."team_id" is not null);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_status_check" CHECK ("questions"."status" in ('published', 'pending', 'rejected', 'retired', 'team'));