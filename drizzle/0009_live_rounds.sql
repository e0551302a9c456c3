CREATE TABLE "live_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"participant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"choice" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_answers_kind_check" CHECK ("live_answers"."kind" in ('answer', 'pass'))
);
--> statement-breakpoint
CREATE TABLE "live_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"name" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_participants_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "live_round_events" (
	"round_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"audience" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_round_events_round_id_seq_pk" PRIMARY KEY("round_id","seq")
);
--> statement-breakpoint
CREATE TABLE "live_round_questions" (
	"round_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_id" uuid,
	"text" text NOT NULL,
	"mode" text NOT NULL,
	"options" text[] NOT NULL,
	"engagement_level" text NOT NULL,
	CONSTRAINT "live_round_questions_round_id_position_pk" PRIMARY KEY("round_id","position")
);
--> statement-breakpoint
CREATE TABLE "live_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"host_token_hash" text NOT NULL,
	"recap_token" text NOT NULL,
	"owner_id" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"reveal_mode" text DEFAULT 'host' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"revealed" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"max_participants" integer NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_rounds_code_unique" UNIQUE("code"),
	CONSTRAINT "live_rounds_recap_token_unique" UNIQUE("recap_token"),
	CONSTRAINT "live_rounds_status_check" CHECK ("live_rounds"."status" in ('open', 'ended')),
	CONSTRAINT "live_rounds_reveal_mode_check" CHECK ("live_rounds"."reveal_mode" in ('host', 'live'))
);
--> statement-breakpoint
ALTER TABLE "live_answers" ADD CONSTRAINT "live_answers_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_answers" ADD CONSTRAINT "live_answers_participant_id_live_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."live_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_participants" ADD CONSTRAINT "live_participants_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_round_events" ADD CONSTRAINT "live_round_events_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_round_questions" ADD CONSTRAINT "live_round_questions_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_round_questions" ADD CONSTRAINT "live_round_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rounds" ADD CONSTRAINT "live_rounds_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_answers_participant_idx" ON "live_answers" USING btree ("round_id","position","participant_id");--> statement-breakpoint
CREATE INDEX "live_participants_round_idx" ON "live_participants" USING btree ("round_id","joined_at");--> statement-breakpoint
CREATE INDEX "live_rounds_expires_idx" ON "live_rounds" USING btree ("expires_at");--> statement-breakpoint
CREATE FUNCTION "notify_live_round_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live_round_events', NEW.round_id::text || ':' || NEW.seq::text || ':' || NEW.audience);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "live_round_events_notify" AFTER INSERT ON "live_round_events"
  FOR EACH ROW EXECUTE FUNCTION "notify_live_round_event"();
