CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text,
	"status" text,
	"billing_interval" text,
	"trial_ends_at" timestamp with time zone,
	"current_period_ends_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"trial_used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "subscriptions_subscription_id_unique" UNIQUE("subscription_id"),
	CONSTRAINT "subscriptions_interval_check" CHECK ("subscriptions"."billing_interval" is null or "subscriptions"."billing_interval" in ('month', 'year'))
);
--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_status_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "premium_note_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_private_status_check" CHECK ("questions"."status" <> 'private' or "questions"."author_id" is not null);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_status_check" CHECK ("questions"."status" in ('published', 'pending', 'rejected', 'retired', 'team', 'private'));