CREATE TABLE "housekeeping_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"deleted" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "housekeeping_runs_started_idx" ON "housekeeping_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "request_limits_resets_idx" ON "request_limits" USING btree ("resets_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "verifications_expires_idx" ON "verifications" USING btree ("expires_at");