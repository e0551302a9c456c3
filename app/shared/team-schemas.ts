import { z } from "zod";
import { TEAM_NAME_MAX } from "./teams";
import { shownTextProblem } from "./text";

/** The team forms' checks, used by route actions on the server; their messages are the forms' texts. */

export const teamNameSchema = z
  .string({ error: "Please enter the team's name" })
  .trim()
  .min(1, "Please enter the team's name")
  .max(TEAM_NAME_MAX, `A team's name can be at most ${TEAM_NAME_MAX} characters`)
  .refine((name) => !shownTextProblem(name), "The team's name holds characters that cannot be shown");

/**
 * An IANA time zone this server knows ("Europe/Berlin", "UTC"), given back
 * in its canonical spelling; offsets and abbreviations are refused.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const timeZoneSchema = z
  .string({ error: "Please choose a time zone" })
  .trim()
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (!zone) {
      ctx.addIssue({ code: "custom", message: "Please choose a time zone from the list" });
      return z.NEVER;
    }
    return zone;
  });

/** A new team (POST /teams), and the settings form: name and time zone together. */
export const teamSettingsSchema = z.object({ name: teamNameSchema, timeZone: timeZoneSchema });

export const deleteTeamSchema = z.object({ confirmName: z.string().trim().default("") });

const invitedRole = z.enum(["facilitator", "member"], { error: "The role must be facilitator or member" });

export const linkInvitationSchema = z.object({ role: invitedRole.default("member") });

export const emailInvitationSchema = z.object({
  email: z
    .string({ error: "Please enter an email address" })
    .trim()
    .toLowerCase()
    .min(1, "Please enter an email address")
    .max(254, "That email address is too long")
    .pipe(z.email("Please enter a valid email address")),
  role: invitedRole.default("member"),
});

const userId = z.string({ error: "Choose a person" }).trim().min(1, "Choose a person").max(100);

export const memberSchema = z.object({ userId });

export const roleChangeSchema = z.object({ userId, role: invitedRole });

export const invitationIdSchema = z.object({ invitationId: z.uuid({ error: "Unknown invitation" }) });

/** The time zones this server knows, for the forms' list. */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}
