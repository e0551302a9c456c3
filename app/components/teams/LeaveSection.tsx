import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import type { PeopleActionResult } from "~/shared/team-pages";
import { FormError } from "./FormError";

/** Anyone but the owner may leave; they also leave the rotations of the team's series. */
export function LeaveSection({ teamName, result }: { teamName: string; result?: PeopleActionResult }) {
  return (
    <section aria-labelledby="leave-title" className="rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id="leave-title" className="font-serif text-xl font-semibold text-ink">
        Leave the team
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        You no longer see {teamName}'s meetings and history, and you leave its host rotations. An invitation brings you
        back.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <FormError result={result} form="leave" />
        <SubmitButton intent="leave" pendingLabel="Leaving..." variant="danger">
          Leave team
        </SubmitButton>
      </Form>
    </section>
  );
}
