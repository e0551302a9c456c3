-- The days a question does not fit ("after-weekend": it asks about yesterday), from the library's `notWhen`,
-- so the generator can leave them out in the statement that picks.
ALTER TABLE "questions" ADD COLUMN "not_when" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The library is read again at the next start, so every curated question gets the days it declares.
DELETE FROM "content_imports" WHERE "name" = 'questions';
