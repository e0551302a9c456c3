CREATE TABLE "chat_identities" (
	"round_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"participant_id" uuid NOT NULL,
	"display_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_identities_round_id_platform_workspace_id_user_id_pk" PRIMARY KEY("round_id","platform","workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_installations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"workspace_id" text NOT NULL,
	"workspace_name" text,
	"bot_user_id" text,
	"bot_token_sealed" text NOT NULL,
	"channel_id" text,
	"channel_name" text,
	"installed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_installations_platform_check" CHECK ("chat_installations"."platform" in ('slack', 'teams', 'discord', 'google-chat'))
);
--> statement-breakpoint
CREATE TABLE "chat_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"installation_id" uuid,
	"platform" text NOT NULL,
	"channel_id" text NOT NULL,
	"key" text NOT NULL,
	"message_id" text,
	"shown" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_identities" ADD CONSTRAINT "chat_identities_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_identities" ADD CONSTRAINT "chat_identities_participant_id_live_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."live_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_installations" ADD CONSTRAINT "chat_installations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_installations" ADD CONSTRAINT "chat_installations_installed_by_users_id_fk" FOREIGN KEY ("installed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_posts" ADD CONSTRAINT "chat_posts_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_posts" ADD CONSTRAINT "chat_posts_installation_id_chat_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."chat_installations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_installations_team_platform_idx" ON "chat_installations" USING btree ("team_id","platform");--> statement-breakpoint
CREATE INDEX "chat_installations_workspace_idx" ON "chat_installations" USING btree ("platform","workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_posts_round_key_idx" ON "chat_posts" USING btree ("round_id","platform","key");