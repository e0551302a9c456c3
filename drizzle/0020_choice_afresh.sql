-- A member may start a choice afresh: what they were served of it stays in their history, but the generator
-- counts it unseen again until it is served once more. Every row written so far was seen.
ALTER TABLE "generation_history" ADD COLUMN "seen" boolean DEFAULT true NOT NULL;