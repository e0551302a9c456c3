import { useId } from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import type { PeopleActionResult } from "~/shared/team-pages";
import { TEAM_ROLE_LABELS } from "~/shared/teams";
import { FormError } from "./FormError";
import type { ShownPerson } from "./PeopleList";

/** The owner hands the team to someone in it, and stays as a facilitator. */
export function TransferSection({ candidates, result }: { candidates: ShownPerson[]; result?: PeopleActionResult }) {
  const id = useId();
  return (
    <section aria-labelledby="transfer-title" className="rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id="transfer-title" className="font-serif text-xl font-semibold text-ink">
        Hand over the team
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        The new owner manages people and settings; you stay in the team as a facilitator. To leave the team, hand it
        over first.
      </p>
      {candidates.length === 0 ? (
        <p className="mt-4 text-ink-muted">Invite someone first: there is nobody to hand the team to yet.</p>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          <FormError result={result} form="transfer" />
          <div>
            <label htmlFor={id} className="block text-sm font-semibold text-ink">
              New owner
            </label>
            <select
              id={id}
              name="userId"
              className="mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink"
            >
              {candidates.map((person) => (
                <option key={person.userId} value={person.userId}>
                  {person.name} ({TEAM_ROLE_LABELS[person.role]})
                </option>
              ))}
            </select>
          </div>
          <SubmitButton intent="transfer" pendingLabel="Handing over..." variant="secondary">
            Hand over ownership
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
