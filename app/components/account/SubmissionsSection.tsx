import { MessageSquarePlus } from "~/components/icons";
import { Section, sectionIconClass } from "./Section";
import { StatusBadge } from "./StatusBadge";

type Submission = { id: string; question: string; status: string; moderationNote: string | null };

export function SubmissionsSection({ submissions }: { submissions: Submission[] }) {
  return (
    <Section
      id="submissions"
      title="Your questions"
      icon={<MessageSquarePlus className={sectionIconClass} aria-hidden="true" />}
    >
      {submissions.length === 0 ? (
        <p className="text-ink-muted">Questions you add on a category page appear here while an admin reviews them.</p>
      ) : (
        <ul className="divide-y divide-line">
          {submissions.map((q) => (
            <li key={q.id} className="py-3">
              <p className="text-ink">{q.question}</p>
              <p className="mt-1 text-sm text-ink-muted">
                <StatusBadge status={q.status} />
                {q.moderationNote ? ` · ${q.moderationNote}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
