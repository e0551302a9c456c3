import { z } from "zod";
import { OPENS_AHEAD } from "./answers-ahead";
import { CADENCES, type Cadence, type CadenceKind, parseLocalDate, WEEKS_OF_MONTH, type WeekOfMonth } from "./cadence";
import { CATEGORY_SLUGS } from "./categories";
import { REMINDERS } from "./notices";
import { choiceFields } from "./question-schemas";
import { isOfferedChoice } from "./questions";
import { ANY_MEETING, SERIES_NAME_MAX, TIME_OF_DAY, WEEKDAYS } from "./series";
import { shownTextProblem } from "./text";

const weekdaySchema = z.coerce
  .number({ error: "weekday must be a day of the week" })
  .int("weekday must be a day of the week")
  .min(0, "weekday must be a day of the week")
  .max(WEEKDAYS.length - 1, "weekday must be a day of the week");

const weekOfMonthSchema = z.coerce
  .number({ error: "week must be the first, second, third, fourth or last" })
  .refine(
    (week): week is WeekOfMonth => (WEEKS_OF_MONTH as readonly number[]).includes(week),
    "week must be the first, second, third, fourth or last (1-4, or -1 for the last)",
  );

const dayOfMonthSchema = z.coerce
  .number({ error: "dayOfMonth must be a day of the month" })
  .int("dayOfMonth must be a day of the month from 1 to 31")
  .min(1, "dayOfMonth must be a day of the month from 1 to 31")
  .max(31, "dayOfMonth must be a day of the month from 1 to 31");

const startsOnSchema = z
  .string({ error: "startsOn must be the day of the first meeting" })
  .refine((day) => parseLocalDate(day) !== null, "startsOn must be the day of the first meeting, as YYYY-MM-DD");

type CadenceFields = { cadence: CadenceKind; weekday: unknown; week: unknown; dayOfMonth: unknown; startsOn: unknown };

/**
 * The cadence from the form's fields: only those its kind uses are read (the
 * form posts them all), each named in its error.
 */
function cadenceOf(fields: CadenceFields, ctx: z.RefinementCtx): Cadence {
  const read = <T>(name: keyof CadenceFields, schema: z.ZodType<T>): T => {
    const parsed = schema.safeParse(fields[name]);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", path: [name], message: parsed.error.issues[0]?.message ?? `${name} is not right` });
    return z.NEVER;
  };
  switch (fields.cadence) {
    case "weekly":
      return { kind: "weekly", weekday: read("weekday", weekdaySchema) };
    case "every-two-weeks":
      return { kind: "every-two-weeks", startsOn: read("startsOn", startsOnSchema) };
    case "monthly-weekday":
      return {
        kind: "monthly-weekday",
        weekday: read("weekday", weekdaySchema),
        week: read("week", weekOfMonthSchema),
      };
    case "monthly-date":
      return { kind: "monthly-date", day: read("dayOfMonth", dayOfMonthSchema) };
  }
}

/** The series form (new and edit): every field named in its error, the generator's choices and their offered combinations. */
export const seriesFormSchema = z
  .object({
    name: z
      .string({ error: "name must be text" })
      .trim()
      .min(1, "Give the series a name")
      .max(SERIES_NAME_MAX, `The name can be at most ${SERIES_NAME_MAX} characters`)
      .refine((name) => !shownTextProblem(name), "The name holds characters that cannot be shown"),
    category: z.enum([ANY_MEETING, ...CATEGORY_SLUGS], {
      error: `category must be one of ${[ANY_MEETING, ...CATEGORY_SLUGS].join(", ")}`,
    }),
    ...choiceFields,
    // Without a cadence a series is weekly, as every series was before there were others.
    cadence: z.enum(CADENCES, { error: `cadence must be one of ${CADENCES.join(", ")}` }).default("weekly"),
    weekday: z.unknown().optional(),
    week: z.unknown().optional(),
    dayOfMonth: z.unknown().optional(),
    startsOn: z.unknown().optional(),
    timeOfDay: z.string({ error: "timeOfDay must be a time" }).regex(TIME_OF_DAY, "timeOfDay must be a time as HH:MM"),
    pulse: z.boolean().default(false),
    // Without a choice the round opens in the meeting, as every series' did before.
    opensAhead: z.enum(OPENS_AHEAD, { error: `opensAhead must be one of ${OPENS_AHEAD.join(", ")}` }).default("no"),
    aheadAnonymous: z.boolean().default(false),
    // Without a choice no reminder goes to the team's chat, as before there were any.
    reminder: z.enum(REMINDERS, { error: `reminder must be one of ${REMINDERS.join(", ")}` }).default("no"),
  })
  .refine((series) => isOfferedChoice(series.meetingContext, series.engagementLevel), {
    message: "An energizer is quick or standard, never deep: choose another depth",
    path: ["engagementLevel"],
  })
  .transform(({ cadence, weekday, week, dayOfMonth, startsOn, ...series }, ctx) => ({
    ...series,
    cadence: cadenceOf({ cadence, weekday, week, dayOfMonth, startsOn }, ctx),
  }));
export type SeriesForm = z.infer<typeof seriesFormSchema>;

/** A series form as the browser posts it: the pulse checkbox is there when ticked. */
export function seriesFormFields(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: text("name"),
    category: text("category"),
    meetingContext: text("meetingContext"),
    questionStyle: text("questionStyle"),
    engagementLevel: text("engagementLevel"),
    cadence: text("cadence"),
    weekday: text("weekday"),
    week: text("week"),
    dayOfMonth: text("dayOfMonth"),
    startsOn: text("startsOn"),
    timeOfDay: text("timeOfDay"),
    pulse: form.get("pulse") === "on",
    opensAhead: text("opensAhead"),
    aheadAnonymous: form.get("aheadAnonymous") === "on",
    reminder: text("reminder"),
  };
}

/** POST /api/v1/teams/{teamId}/meetings/{meetingId}/uses */
export const meetingUseSchema = z.object({
  questionId: z.uuid({ error: "questionId must be a question id" }),
  how: z.enum(["presented", "asked"], { error: "how must be presented or asked" }),
});
