-- The retired template composer stored its sentences as public AI questions.
-- They are recognised by its grammar (lead-in, stem with a word of its style
-- and a time phrase, tail, question mark), written out here as the composer
-- built its patterns. The ones nobody voted on, saved or put in a plan are
-- deleted; the others are kept for their members the way a question the
-- library dropped is (source 'composed', status 'retired'): in their saved
-- questions and plans, never served, listed or voted on again.
CREATE TEMPORARY TABLE "composer_patterns" AS
WITH "parts" ("lead_in", "tail", "time_phrase") AS (
  VALUES (
    '(?:|Quick round: |Quick one: |Off the top of your head, |Going around fast: ||Let''s go around: |For this round, |When you are ready, |To start us off, ||Take a moment with this one: |No rush on this one: |Thinking it over, |Looking a little deeper, )',
    '(?:|, in one word|, in a few words|, first thing that comes to mind| \(one line is plenty\)||, and why|, and what made it stand out|, and what would you tell the team about it|, and what did you notice|, and what did it teach you|, and how has it changed the way you work|, and what would you do differently next time|, and what does that say about what matters to you|, and how would you like it to shape the weeks ahead)',
    '(?:this week|this month|this sprint|this quarter|today|this morning|the past week|the past month|the last two weeks|these last few days|this season|the past fortnight)'
  )
), "words" ("style", "alternatives") AS (
  VALUES
    ('playful', '(?:weather forecast|song title|movie genre|kitchen gadget|board game|sandwich|houseplant|emoji|font|animal|dance move|snack|cartoon character|vehicle|pizza topping|superhero|theme park ride|breakfast)'),
    ('professional', '(?:priority|decision|risk|handover|customer need|process|tool|skill|deadline|dependency|meeting|document|experiment|review|goal|plan|metric|milestone)'),
    ('inspirational', '(?:courage|curiosity|patience|kindness|focus|creativity|persistence|generosity|clarity|calm|optimism|teamwork|craft|learning|hope|trust|gratitude|resilience)'),
    ('reflective', '(?:conversation|small win|surprise|moment of focus|piece of feedback|question you asked|idea|habit|challenge|moment of calm|decision|thing you noticed|change|lesson|piece of advice|good moment|realisation|bright spot)')
), "stems" ("style", "body") AS (
  VALUES
    ('reflective', 'What is one @WORD@ from @TIME@ that is still on your mind'),
    ('reflective', 'What @WORD@ from @TIME@ is shaping how you arrive here'),
    ('reflective', 'Which @WORD@ from @TIME@ shaped how you feel walking into this meeting'),
    ('playful', 'If your mood @TIME@ were @AWORD@, which one would it be'),
    ('playful', 'Which @WORD@ best sums up how @TIME@ has felt'),
    ('playful', 'If @TIME@ had @AWORD@, what would it be'),
    ('professional', 'What @WORD@ is taking most of your attention @TIME@'),
    ('professional', 'Which @WORD@ from @TIME@ do you want the team to know about'),
    ('professional', 'What is one @WORD@ you are bringing into today from @TIME@'),
    ('inspirational', 'Where have you seen @WORD@ at work @TIME@'),
    ('inspirational', 'What would more @WORD@ have made possible for you @TIME@'),
    ('inspirational', 'Who showed @WORD@ @TIME@, and how did you notice it'),
    ('reflective', 'What is @AWORD@ from @TIME@ that taught you something about a teammate'),
    ('reflective', 'Which @WORD@ from @TIME@ would you like to share with the group'),
    ('reflective', 'When did @AWORD@ @TIME@ make you feel part of the team'),
    ('playful', 'If this team were @AWORD@, which one would we be @TIME@'),
    ('playful', 'Which @WORD@ would you pick to describe a teammate''s energy @TIME@'),
    ('playful', 'Which @WORD@ would you give a teammate as a thank-you for @TIME@'),
    ('professional', 'Which @WORD@ has a teammate helped you with @TIME@'),
    ('professional', 'What is @AWORD@ where you would welcome a colleague''s view @TIME@'),
    ('professional', 'Which @WORD@ from @TIME@ went better because we worked on it together'),
    ('inspirational', 'Who on this team brought @WORD@ to our work @TIME@'),
    ('inspirational', 'What did @WORD@ look like between us at our best @TIME@'),
    ('inspirational', 'How could we make more room for @WORD@ with each other @TIME@'),
    ('reflective', 'What @WORD@ from @TIME@ should guide what you focus on next'),
    ('reflective', 'Which @WORD@ from @TIME@ changed what you think matters most'),
    ('reflective', 'What is one @WORD@ from @TIME@ that helps you see the next step'),
    ('playful', 'If our main goal for @TIME@ were @AWORD@, which one would it be'),
    ('playful', 'Which @WORD@ matches the plan we made @TIME@'),
    ('playful', 'If our top priority for @TIME@ had @AWORD@ as its mascot, which would it be'),
    ('professional', 'Looking back at @TIME@, what is the one @WORD@ that matters most now'),
    ('professional', 'Which @WORD@ from @TIME@ needs a decision from us before we move on'),
    ('professional', 'What @WORD@ would make the biggest difference if we got it right @TIME@'),
    ('inspirational', 'How can @WORD@ help us with the most important goal @TIME@'),
    ('inspirational', 'What would we attempt @TIME@ if we had a little more @WORD@'),
    ('inspirational', 'Where would @WORD@ move our most important work forward @TIME@'),
    ('reflective', 'What @WORD@ from @TIME@ tells you the most about where your work stands'),
    ('reflective', 'Which @WORD@ from @TIME@ is worth sharing as an update'),
    ('reflective', 'What did @AWORD@ from @TIME@ show you about your progress'),
    ('playful', 'If your progress @TIME@ were @AWORD@, which one would it be'),
    ('playful', 'Which @WORD@ describes your to-do list @TIME@'),
    ('playful', 'If your biggest blocker @TIME@ were @AWORD@, what would it be'),
    ('professional', 'What @WORD@ moved forward @TIME@, and what is blocking the next one'),
    ('professional', 'Which @WORD@ from @TIME@ could use a hand from someone here'),
    ('professional', 'What @WORD@ from @TIME@ do you want to close next, and what do you need for it'),
    ('inspirational', 'What progress @TIME@ came from @WORD@'),
    ('inspirational', 'Where did @WORD@ help you get unstuck @TIME@'),
    ('inspirational', 'Which part of your work @TIME@ needed the most @WORD@'),
    ('reflective', 'Which @WORD@ from @TIME@ made you laugh'),
    ('reflective', 'What @WORD@ from @TIME@ gave you a surprising burst of energy'),
    ('reflective', 'What is the most unexpected @WORD@ you came across @TIME@'),
    ('playful', 'If you could rename @TIME@ after @AWORD@, what would you call it'),
    ('playful', 'Which @WORD@ would be your walk-on music or mascot @TIME@'),
    ('playful', 'If @TIME@ were @AWORD@, which one would it be'),
    ('professional', 'What is the most creative @WORD@ you saw @TIME@'),
    ('professional', 'If you could automate one @WORD@ from @TIME@, which would it be'),
    ('professional', 'Which @WORD@ from @TIME@ deserves a tiny award'),
    ('inspirational', 'What small act of @WORD@ made your day @TIME@'),
    ('inspirational', 'If @WORD@ were a superpower, how would you use it @TIME@'),
    ('inspirational', 'Which everyday moment of @WORD@ @TIME@ deserves a cheer'),
    ('reflective', 'What @WORD@ are you taking away from @TIME@'),
    ('reflective', 'Which @WORD@ from @TIME@ will you still remember a month from now'),
    ('reflective', 'What is one @WORD@ from @TIME@ you want to carry into the next one'),
    ('playful', 'If our meetings @TIME@ were @AWORD@, which one would they be'),
    ('playful', 'Which @WORD@ describes how you are leaving this meeting after @TIME@'),
    ('playful', 'If you had to sum up @TIME@ as @AWORD@, which would it be'),
    ('professional', 'What @WORD@ from @TIME@ will you act on after this meeting'),
    ('professional', 'Which @WORD@ from @TIME@ needs a follow-up, and who owns it'),
    ('professional', 'What is one @WORD@ from @TIME@ that we should keep doing'),
    ('inspirational', 'Where did you see @WORD@ in our conversations @TIME@'),
    ('inspirational', 'What is one thing you will do with more @WORD@ after @TIME@'),
    ('inspirational', 'Who brought @WORD@ to our work @TIME@, and what would you like to thank them for')
)
-- One pattern per style (PostgreSQL keeps 32 compiled patterns, so one per stem would be compiled again for every row).
SELECT '^' || "lead_in" || '?(?:' || string_agg(
    replace(replace(replace("body", '@AWORD@', 'an? ' || "alternatives"), '@WORD@', "alternatives"), '@TIME@', "time_phrase"),
    '|'
  ) || ')' || "tail" || '?\?$' AS "pattern"
FROM "stems" JOIN "words" USING ("style"), "parts"
GROUP BY "style", "lead_in", "tail";--> statement-breakpoint
CREATE TEMPORARY TABLE "composed_questions" AS
SELECT "id" FROM "questions"
WHERE "source" = 'ai_generated'
  AND EXISTS (SELECT 1 FROM "composer_patterns" WHERE btrim("questions"."text", E' \t\n\r') ~* "composer_patterns"."pattern");--> statement-breakpoint
DELETE FROM "questions"
WHERE "id" IN (SELECT "id" FROM "composed_questions")
  AND NOT EXISTS (SELECT 1 FROM "votes" WHERE "votes"."question_id" = "questions"."id")
  AND NOT EXISTS (SELECT 1 FROM "saved_questions" WHERE "saved_questions"."question_id" = "questions"."id")
  AND NOT EXISTS (SELECT 1 FROM "meeting_plans" WHERE "meeting_plans"."question_ids" ? "questions"."id"::text);--> statement-breakpoint
UPDATE "questions" SET "source" = 'composed', "status" = 'retired', "updated_at" = now()
WHERE "id" IN (SELECT "id" FROM "composed_questions")
  OR ("source" = 'composed' AND "status" <> 'retired');--> statement-breakpoint
DELETE FROM "content_imports" WHERE "name" = 'composed-questions';--> statement-breakpoint
DROP TABLE "composed_questions";--> statement-breakpoint
DROP TABLE "composer_patterns";
