import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { formatDay } from "~/shared/format";
import type { PeopleActionResult } from "~/shared/team-pages";
import { TEAM_ROLE_LABELS } from "~/shared/teams";
import { FormError } from "./FormError";

export type ShownInvitation = {
  id: string;
  email: string | null;
  role: "facilitator" | "member";
  inviterName: string | null;
  expiresAt: Date | string;
};

/** Invitations nobody has used yet, each with a way to withdraw it. */
export function OpenInvitations({
  invitations,
  result,
}: {
  invitations: ShownInvitation[];
  result?: PeopleActionResult;
}) {
  return (
    <section aria-labelledby="invitations-title" className="rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id="invitations-title" className="font-serif text-xl font-semibold text-ink">
        Open invitations
      </h2>
      <div className="mt-4">
        <FormError result={result} form="invitations" />
      </div>
      {invitations.length === 0 ? (
        <p className="mt-2 text-ink-muted">No open invitations.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate font-semibold text-ink">{invitation.email ?? "Link to share"}</p>
                <p className="text-sm text-ink-muted">
                  {TEAM_ROLE_LABELS[invitation.role]}, until {formatDay(new Date(invitation.expiresAt).toISOString())}
                  {invitation.inviterName && `, from ${invitation.inviterName}`}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="invitationId" value={invitation.id} />
                <SubmitButton intent="revoke" pendingLabel="Withdrawing..." variant="secondary">
                  Withdraw
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
