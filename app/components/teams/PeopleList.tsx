import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import type { PeopleActionResult } from "~/shared/team-pages";
import { TEAM_ROLE_LABELS, type TeamRole } from "~/shared/teams";
import { FormError } from "./FormError";
import { RoleSelect } from "./RoleSelect";

export type ShownPerson = { userId: string; name: string; email: string | null; role: TeamRole };

/** Everyone in the team with their role; for the owner, each other person's role and removal. */
export function PeopleList({
  people,
  viewerId,
  manages,
  result,
}: {
  people: ShownPerson[];
  viewerId: string;
  manages: boolean;
  result?: PeopleActionResult;
}) {
  return (
    <section aria-labelledby="people-title" className="rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id="people-title" className="font-serif text-xl font-semibold text-ink">
        People ({people.length})
      </h2>
      <div className="mt-4">
        <FormError result={result} form="people" />
      </div>
      <ul className="mt-2 divide-y divide-line">
        {people.map((person) => (
          <li key={person.userId} className="py-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold text-ink">
                {person.name}
                {person.userId === viewerId && <span className="font-normal text-ink-muted"> (you)</span>}
              </span>
              <span className="text-sm text-ink-muted">{TEAM_ROLE_LABELS[person.role]}</span>
            </div>
            {person.email && <p className="truncate text-sm text-ink-muted">{person.email}</p>}
            {manages && person.role !== "owner" && (
              <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
                <input type="hidden" name="userId" value={person.userId} />
                <div className="min-w-40 flex-1">
                  <RoleSelect name="role" value={person.role} label={`Role of ${person.name}`} hideLabel />
                </div>
                <SubmitButton intent="role" pendingLabel="Saving..." variant="secondary">
                  Change role
                </SubmitButton>
                <SubmitButton intent="remove" pendingLabel="Removing..." variant="secondary">
                  Remove
                </SubmitButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
