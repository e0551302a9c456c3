-- The answer timer the host runs, kept on the round so a room screen that opens or reconnects mid-answer
-- shows the time left; the host's screen changes it and every change is an event of the round.
ALTER TABLE "live_rounds" ADD COLUMN "timer" jsonb;