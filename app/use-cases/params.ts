import { z } from "zod";
import { isUuid } from "~/shared/ids";

/**
 * A question id from an address: a UUID, lower-cased, or the call is
 * refused before the database is asked.
 */
export const questionIdParam = z
  .string({ error: "Invalid questionId: must be a UUID" })
  .refine(isUuid, { error: "Invalid questionId: must be a UUID" })
  .transform((id) => id.toLowerCase());

/** A team id from an address: the team step refuses anything that names no team of the caller's. */
export const teamIdParam = z.string({ error: "teamId: is required" });
