import { stripSurroundingQuotes } from "~/shared/questions";
import { MEETING_USE_LABELS, type MeetingUseHow } from "~/shared/team-meetings";

/** What the meeting used: each question and how (presented, marked as asked, asked in the team round). */
export function MeetingUses({
  uses,
}: {
  uses: { questionId: string; text: string; how: MeetingUseHow; usedAt: string }[];
}) {
  return (
    <section aria-labelledby="meeting-uses" className="mt-8">
      <h2 id="meeting-uses" className="font-serif text-xl font-semibold text-ink">
        Used in this meeting
      </h2>
      {uses.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">Nothing yet.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {uses.map((use) => (
            <li key={`${use.questionId}-${use.how}`} className="text-ink">
              “{stripSurroundingQuotes(use.text)}”{" "}
              <span className="text-sm text-ink-muted">· {MEETING_USE_LABELS[use.how]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
