import { useId } from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { zoneWords } from "~/shared/cadence";
import { QUESTION_OF_DAY_DEFAULT } from "~/shared/notices";
import { FormError } from "./FormError";

/** What the settings page knows of the team's chat notices. */
export type ChatNoticesView = {
  /** Whether a chat channel is connected on any platform. */
  connected: boolean;
  /** The question of the day's time on the team's clock; null when it is off. */
  questionOfDayAt: string | null;
};

/**
 * The question of the day in the team's chat channel: on or off, and at
 * what time on weekdays; and how people get meeting reminders by direct
 * message. Shown once a channel is connected.
 */
export function QuestionOfDaySection({
  chat,
  timeZone,
  result,
}: {
  chat: ChatNoticesView;
  timeZone: string;
  result?: { form: string; error?: string };
}) {
  const timeId = useId();
  const hintId = useId();
  if (!chat.connected) return null;
  return (
    <section
      id="question-of-day"
      aria-labelledby="question-of-day-title"
      className="rounded-3xl border border-line bg-white p-6 sm:p-8"
    >
      <h2 id="question-of-day-title" className="font-serif text-xl font-semibold text-ink">
        Question of the day
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        A question from the library in the team&apos;s channel, Monday to Friday, with a link to start a round with it.
        Never the same one twice in a row.
      </p>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <FormError result={result} form="question-of-day" />
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input type="checkbox" name="enabled" defaultChecked={chat.questionOfDayAt !== null} className="size-5" />
          Post a question of the day on weekdays
        </label>
        <div>
          <label htmlFor={timeId} className="block text-sm font-semibold text-ink">
            Time ({zoneWords(timeZone)})
          </label>
          <input
            id={timeId}
            type="time"
            name="time"
            required
            defaultValue={chat.questionOfDayAt ?? QUESTION_OF_DAY_DEFAULT}
            aria-describedby={hintId}
            className="mt-1.5 block min-h-11 w-full max-w-48 rounded-xl border border-line-strong bg-white px-3 py-2.5 text-base text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
            On the team&apos;s clock, summer and winter.
          </p>
        </div>
        <SubmitButton intent="question-of-day" pendingLabel="Saving...">
          Save
        </SubmitButton>
      </Form>
      <p className="mt-6 border-t border-line pt-4 text-sm text-ink-muted">
        Meeting reminders are set on each series. Anyone who wants them by direct message sends{" "}
        <code className="rounded bg-sand px-1 text-ink">/circleup remind</code> in Slack (again to stop); on a chat
        without direct messages they go to the channel only.
      </p>
    </section>
  );
}
