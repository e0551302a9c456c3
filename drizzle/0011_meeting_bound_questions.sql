ALTER TABLE "questions" ADD COLUMN "meeting_bound" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Questions already stored that name a kind of meeting (app/shared/meeting-kinds.ts says which words count).
UPDATE "questions" SET "meeting_bound" = true
WHERE "text" ~* '\y(retros?|retrospectives?|one-on-ones?|one on ones?|1:1s?|1-on-1s?|stand-?ups?|all-hands|town[ -]halls?|off-?sites?|team days?|away days?)\y'
   OR "text" ~* '\y(this|our|the|today''s|tomorrow''s|this week''s|next week''s|last week''s|weekly|next|last)\s+(weekly\s+)?syncs?\y';
--> statement-breakpoint
-- The library is read again at the next start, so each curated question gets its flag from the same rule as new ones.
DELETE FROM "content_imports" WHERE "name" = 'questions';
