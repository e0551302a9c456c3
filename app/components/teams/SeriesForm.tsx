import { useId } from "react";
import { Form } from "react-router";
import { primaryButton } from "~/components/buttons";
import { CATEGORIES } from "~/shared/categories";
import { ENGAGEMENT_LEVELS, MEETING_CONTEXTS, QUESTION_STYLES } from "~/shared/questions";
import { ANY_MEETING, SERIES_NAME_MAX, WEEKDAYS } from "~/shared/series";

export type SeriesValues = {
  name: string;
  category: string;
  meetingContext: string;
  questionStyle: string;
  engagementLevel: string;
  weekday: number;
  timeOfDay: string;
  pulse: boolean;
};

export const NEW_SERIES: SeriesValues = {
  name: "",
  category: "daily-standup",
  meetingContext: "check-in",
  questionStyle: "playful",
  engagementLevel: "quick",
  weekday: 1,
  timeOfDay: "09:30",
  pulse: false,
};

const field =
  "mt-1.5 block w-full rounded-xl border border-line-strong bg-white px-3 py-2.5 text-base text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";
const label = "block text-sm font-semibold text-ink";

function Select({
  name,
  text,
  value,
  options,
}: {
  name: string;
  text: string;
  value: string | number;
  options: readonly { value: string | number; label: string }[];
}) {
  const id = useId();
  // A label beside its control (not around it), so the control's name is the label alone, not the chosen value too.
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} name={name} defaultValue={String(value)} className={field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A series' name, its kind of question and its weekly moment in the team's time zone; the pulse on or off. */
export function SeriesForm({
  values,
  timeZone,
  error,
  submitLabel,
}: {
  values: SeriesValues;
  timeZone: string;
  error: string | null;
  submitLabel: string;
}) {
  const nameId = useId();
  const timeId = useId();
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      <div>
        <label htmlFor={nameId} className={label}>
          Name
        </label>
        <input
          id={nameId}
          name="name"
          defaultValue={values.name}
          maxLength={SERIES_NAME_MAX}
          required
          className={field}
        />
      </div>
      <Select
        name="category"
        text="Kind of meeting"
        value={values.category}
        options={[
          { value: ANY_MEETING, label: "Any meeting" },
          ...CATEGORIES.map((c) => ({ value: c.slug, label: c.name })),
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Select name="meetingContext" text="Moment" value={values.meetingContext} options={MEETING_CONTEXTS} />
        <Select name="questionStyle" text="Style" value={values.questionStyle} options={QUESTION_STYLES} />
        <Select name="engagementLevel" text="Depth" value={values.engagementLevel} options={ENGAGEMENT_LEVELS} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <Select
          name="weekday"
          text="Day"
          value={values.weekday}
          options={WEEKDAYS.map((d, i) => ({ value: i, label: d }))}
        />
        <div>
          <label htmlFor={timeId} className={label}>
            Time ({timeZone})
          </label>
          <input id={timeId} type="time" name="timeOfDay" defaultValue={values.timeOfDay} required className={field} />
        </div>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input type="checkbox" name="pulse" defaultChecked={values.pulse} className="size-5" />
        Open each team round with the pulse: a 1-5 energy scale, shown only as a team trend
      </label>
      <p role="alert" className="min-h-5 text-sm font-medium text-accent-600">
        {error}
      </p>
      <button type="submit" className={primaryButton}>
        {submitLabel}
      </button>
    </Form>
  );
}
