import { Form, Link } from "react-router";
import { primaryButton, quietButton, secondaryButton } from "~/components/buttons";
import { usePresenter } from "~/components/present/use-presenter";
import { PassNote } from "~/components/questions/PassNote";
import { QuestionCard } from "~/components/questions/QuestionCard";
import { recordPresented } from "~/lib/team-meetings-client";
import { useViewer } from "~/lib/use-viewer";
import type { ServedQuestion } from "~/shared/questions";

/**
 * The questions on the meeting's table, the ready one first. Presenting
 * one tells the server first (the team's memory), then opens present mode;
 * "Mark as asked" is a plain form, so it works before the scripts run.
 */
export function MeetingQuestions({
  teamId,
  meetingId,
  questions,
  usedIds,
  anotherHref,
  canStartRound,
}: {
  teamId: string;
  meetingId: string;
  questions: ServedQuestion[];
  usedIds: string[];
  anotherHref: string;
  canStartRound: boolean;
}) {
  const viewer = useViewer();
  const { present, presenter } = usePresenter();
  const presentAt = (index: number) => {
    const question = questions[index];
    if (!question) return;
    void recordPresented(teamId, meetingId, question.id);
    // A question for each person comes from this question's choice, with the team's memory.
    const { meetingContext, questionStyle, engagementLevel, categorySlug } = question;
    present(questions, index, { meetingContext, questionStyle, engagementLevel, categorySlug, teamId });
  };
  return (
    <section aria-labelledby="meeting-questions" className="mt-6">
      <h2 id="meeting-questions" className="sr-only">
        Questions for this meeting
      </h2>
      <PassNote />
      <ul className="mt-3 space-y-4">
        {questions.map((q, index) => (
          <li key={q.id}>
            <QuestionCard question={q} viewer={viewer} onPresent={() => presentAt(index)} />
            <Form method="post" className="mt-2">
              <input type="hidden" name="questionId" value={q.id} />
              <button type="submit" name="intent" value="asked" className={quietButton}>
                {usedIds.includes(q.id) ? "Used in this meeting" : "Mark as asked"}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <Link to={anotherHref} className={secondaryButton} preventScrollReset>
          Another question
        </Link>
      </p>
      {canStartRound && questions.length > 0 && (
        <Form method="post" className="mt-6 rounded-3xl border border-line bg-white p-4 sm:p-6">
          <h2 className="font-serif text-xl font-semibold text-ink">Team round</h2>
          <p className="mt-1 text-sm text-ink-muted">
            Everyone answers on their phone; team members join with their name filled in, guests by the code.
          </p>
          {questions.map((q) => (
            <input key={q.id} type="hidden" name="questionIds" value={q.id} />
          ))}
          <label className="mt-3 flex min-h-11 items-center gap-3 text-sm text-ink">
            <input type="checkbox" name="anonymous" className="size-5" /> Anonymous answers
          </label>
          <button type="submit" name="intent" value="round" className={`${primaryButton} mt-2`}>
            Start a team round
          </button>
        </Form>
      )}
      {presenter}
    </section>
  );
}
