import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { AdminSection } from "./AdminSection";

/** Submitted questions waiting for an admin to approve or reject them. */
export function ModerationQueue({ queue }: { queue: { id: string; question: string }[] }) {
  return (
    <AdminSection id="queue" title={<>Waiting for review ({queue.length})</>}>
      {queue.length === 0 ? (
        <p className="mt-3 text-ink-muted">Nothing to review. Submitted questions appear here.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {queue.map((q) => (
            <li key={q.id} className="py-4">
              <p className="text-ink">{q.question}</p>
              <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
                <input type="hidden" name="questionId" value={q.id} />
                <TextField label="Reason if rejected (optional)" name="reason" className="flex-1" />
                <SubmitButton intent="approve" pendingLabel="Saving...">
                  Approve
                </SubmitButton>
                <SubmitButton intent="reject" pendingLabel="Saving..." variant="secondary">
                  Reject
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
