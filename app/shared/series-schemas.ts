import { z } from "zod";
import { CATEGORY_SLUGS } from "./categories";
import { choiceFields } from "./question-schemas";
import { isOfferedChoice } from "./questions";
import { ANY_MEETING, SERIES_NAME_MAX, TIME_OF_DAY, WEEKDAYS } from "./series";
import { shownTextProblem } from "./text";

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
    weekday: z.coerce
      .number({ error: "weekday must be a day of the week" })
      .int("weekday must be a day of the week")
      .min(0, "weekday must be a day of the week")
      .max(WEEKDAYS.length - 1, "weekday must be a day of the week"),
    timeOfDay: z.string({ error: "timeOfDay must be a time" }).regex(TIME_OF_DAY, "timeOfDay must be a time as HH:MM"),
    pulse: z.boolean().default(false),
  })
  .refine((series) => isOfferedChoice(series.meetingContext, series.engagementLevel), {
    message: "An energizer is quick or standard, never deep: choose another depth",
    path: ["engagementLevel"],
  });
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
    weekday: text("weekday"),
    timeOfDay: text("timeOfDay"),
    pulse: form.get("pulse") === "on",
  };
}

/** A problem in one field, as the form shows it beside that field. */
export function firstProblem(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? "form"), message: issue?.message ?? "Something in the form is not right" };
}

/** POST /api/v1/teams/{teamId}/meetings/{meetingId}/uses */
export const meetingUseSchema = z.object({
  questionId: z.uuid({ error: "questionId must be a question id" }),
  how: z.enum(["presented", "asked"], { error: "how must be presented or asked" }),
});
