-- The anonymous AI quota counted per raw address ("ip:2001:db8::1"). It now counts per keyed hash of the
-- address's network ("address:..."), like every other limit; the old rows held addresses and are dropped
-- (an anonymous visitor's daily count starts again once).
DELETE FROM "ai_usage" WHERE "subject" LIKE 'ip:%';
