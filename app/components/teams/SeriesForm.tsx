import { type ReactNode, useId } from "react";
import { Form, Link } from "react-router";
import { primaryButton } from "~/components/buttons";
import { OPENS_AHEAD, OPENS_AHEAD_LABELS, type OpensAhead } from "~/shared/answers-ahead";
import {
  CADENCE_LABELS,
  CADENCES,
  type Cadence,
  type CadenceKind,
  cadenceWeekday,
  ordinal,
  WEEK_OF_MONTH_LABELS,
  WEEKS_OF_MONTH,
} from "~/shared/cadence";
import { CATEGORIES } from "~/shared/categories";
import { REMINDER_LABELS, REMINDERS, type Reminder } from "~/shared/notices";
import { ENGAGEMENT_LEVELS, MEETING_CONTEXTS, QUESTION_STYLES } from "~/shared/questions";
import { ANY_MEETING, SERIES_NAME_MAX, WEEKDAYS } from "~/shared/series";

/** The form's fields: each cadence's own ones too, so switching the cadence keeps what was filled in. */
export type SeriesValues = {
  name: string;
  category: string;
  meetingContext: string;
  questionStyle: string;
  engagementLevel: string;
  cadence: CadenceKind;
  weekday: number;
  week: number;
  dayOfMonth: number;
  startsOn: string;
  timeOfDay: string;
  pulse: boolean;
  opensAhead: OpensAhead;
  aheadAnonymous: boolean;
  reminder: Reminder;
};

/** A new series: a Monday stand-up at 09:30; `today` (the team's) is where a series every two weeks starts. */
export function newSeriesValues(today: string): SeriesValues {
  return {
    name: "",
    category: "daily-standup",
    meetingContext: "check-in",
    questionStyle: "playful",
    engagementLevel: "quick",
    cadence: "weekly",
    weekday: 1,
    week: 1,
    dayOfMonth: 1,
    startsOn: today,
    timeOfDay: "09:30",
    pulse: false,
    opensAhead: "no",
    aheadAnonymous: false,
    reminder: "no",
  };
}

/** A stored series as the form shows it; the fields its cadence does not use keep the new series' defaults. */
export function seriesValues(
  series: {
    name: string;
    categorySlug: string | null;
    meetingContext: string;
    questionStyle: string;
    engagementLevel: string;
    cadence: Cadence;
    timeOfDay: string;
    pulse: boolean;
    opensAhead: OpensAhead;
    aheadAnonymous: boolean;
    reminder: Reminder;
  },
  today: string,
): SeriesValues {
  const { cadence } = series;
  return {
    ...newSeriesValues(today),
    ...series,
    category: series.categorySlug ?? ANY_MEETING,
    cadence: cadence.kind,
    weekday: cadenceWeekday(cadence) ?? 1,
    week: cadence.kind === "monthly-weekday" ? cadence.week : 1,
    dayOfMonth: cadence.kind === "monthly-date" ? cadence.day : 1,
    startsOn: cadence.kind === "every-two-weeks" ? cadence.startsOn : today,
  };
}

const field =
  "mt-1.5 block w-full rounded-xl border border-line-strong bg-white px-3 py-2.5 text-base text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";
const label = "block text-sm font-semibold text-ink";

function Select({
  name,
  text,
  value,
  options,
  describedBy,
}: {
  name: string;
  text: string;
  value: string | number;
  options: readonly { value: string | number; label: string }[];
  describedBy?: string;
}) {
  const id = useId();
  // A label beside its control (not around it), so the control's name is the label alone, not the chosen value too.
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} name={name} defaultValue={String(value)} aria-describedby={describedBy} className={field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which cadences a field of the form belongs to (the `cadence-field` rule in app.css shows only those). */
function CadenceField({ of, children }: { of: CadenceKind[]; children: ReactNode }) {
  return (
    <div className="cadence-field" data-cadence={of.join(" ")}>
      {children}
    </div>
  );
}

/**
 * A series' name, its kind of question, how often and when it meets in the
 * team's time zone (in plain words: every week, every two weeks, the first
 * Thursday of the month, the 15th), and the pulse on or off.
 */
export function SeriesForm({
  values,
  timeZone,
  error,
  submitLabel,
  chat,
}: {
  values: SeriesValues;
  timeZone: string;
  error: string | null;
  submitLabel: string;
  /** Whether the team has a chat channel connected (reminders go there), and where its settings are. */
  chat: { connected: boolean; settingsPath: string };
}) {
  const nameId = useId();
  const timeId = useId();
  const startsOnId = useId();
  const dateHintId = useId();
  const aheadHintId = useId();
  const reminderHintId = useId();
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
      <fieldset className="space-y-4">
        <legend className="font-serif text-lg font-semibold text-ink">When it meets</legend>
        <Select
          name="cadence"
          text="How often"
          value={values.cadence}
          options={CADENCES.map((kind) => ({ value: kind, label: CADENCE_LABELS[kind] }))}
        />
        <div className="grid grid-cols-2 gap-4">
          <CadenceField of={["monthly-weekday"]}>
            <Select
              name="week"
              text="Which one"
              value={values.week}
              options={WEEKS_OF_MONTH.map((week) => ({ value: week, label: WEEK_OF_MONTH_LABELS[week] }))}
            />
          </CadenceField>
          <CadenceField of={["weekly", "monthly-weekday"]}>
            <Select
              name="weekday"
              text="Day"
              value={values.weekday}
              options={WEEKDAYS.map((d, i) => ({ value: i, label: d }))}
            />
          </CadenceField>
          <CadenceField of={["monthly-date"]}>
            <Select
              name="dayOfMonth"
              text="Date"
              value={values.dayOfMonth}
              describedBy={dateHintId}
              options={Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: ordinal(i + 1) }))}
            />
          </CadenceField>
          <CadenceField of={["every-two-weeks"]}>
            <label htmlFor={startsOnId} className={label}>
              First meeting
            </label>
            <input id={startsOnId} type="date" name="startsOn" defaultValue={values.startsOn} className={field} />
          </CadenceField>
          <div>
            <label htmlFor={timeId} className={label}>
              Time ({timeZone})
            </label>
            <input
              id={timeId}
              type="time"
              name="timeOfDay"
              defaultValue={values.timeOfDay}
              required
              className={field}
            />
          </div>
        </div>
        <CadenceField of={["monthly-date"]}>
          <p id={dateHintId} className="text-sm text-ink-muted">
            In a month without that date (the 31st in April, the 30th in February), the meeting is on the month's last
            day.
          </p>
        </CadenceField>
        <CadenceField of={["every-two-weeks"]}>
          <p className="text-sm text-ink-muted">Then every other week, on the same weekday.</p>
        </CadenceField>
      </fieldset>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input type="checkbox" name="pulse" defaultChecked={values.pulse} className="size-5" />
        Open each team round with the pulse: a 1-5 energy scale, shown only as a team trend
      </label>
      <fieldset className="space-y-3">
        <legend className="font-serif text-lg font-semibold text-ink">Answers ahead</legend>
        <Select
          name="opensAhead"
          text={`Open answers ahead (${timeZone})`}
          value={values.opensAhead}
          describedBy={aheadHintId}
          options={OPENS_AHEAD.map((value) => ({ value, label: OPENS_AHEAD_LABELS[value] }))}
        />
        <p id={aheadHintId} className="text-sm text-ink-muted">
          People answer the meeting's question from the join link on their phone before the meeting; the answers stay
          hidden until you reveal them in the meeting. The pulse is asked in the meeting.
        </p>
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input type="checkbox" name="aheadAnonymous" defaultChecked={values.aheadAnonymous} className="size-5" />
          Answers ahead are anonymous: the host sees how many answered, not who
        </label>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-serif text-lg font-semibold text-ink">Reminder in chat</legend>
        {chat.connected ? (
          <>
            <Select
              name="reminder"
              text={`Remind the team's chat channel (${timeZone})`}
              value={values.reminder}
              describedBy={reminderHintId}
              options={REMINDERS.map((value) => ({ value, label: REMINDER_LABELS[value] }))}
            />
            <p id={reminderHintId} className="text-sm text-ink-muted">
              One message before each meeting: its name and time, whether answers are open and how many answered (never
              what they said), and a link to answer. People who send <code>/circleup remind</code> in Slack get it by
              direct message too; on a chat without direct messages it goes to the channel only.
            </p>
          </>
        ) : (
          <>
            {/* Kept as saved: a team that disconnects its chat and connects again finds its reminders as they were. */}
            <input type="hidden" name="reminder" value={values.reminder} />
            <p className="text-sm text-ink-muted">
              To remind the team before each meeting, connect a chat channel in the{" "}
              <Link
                to={chat.settingsPath}
                className="inline-flex min-h-6 items-center font-semibold text-brand-700 underline"
              >
                team&apos;s settings
              </Link>
              .
            </p>
          </>
        )}
      </fieldset>
      <p role="alert" className="min-h-5 text-sm font-medium text-accent-600">
        {error}
      </p>
      <button type="submit" className={primaryButton}>
        {submitLabel}
      </button>
    </Form>
  );
}
