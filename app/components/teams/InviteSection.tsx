import { Form } from "react-router";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import type { PeopleActionResult } from "~/shared/team-pages";
import { INVITATION_DAYS } from "~/shared/teams";
import { FormError } from "./FormError";
import { RoleSelect } from "./RoleSelect";

/**
 * Inviting, in one form: with an address the invitation is mailed and only
 * that account can accept it; without one, a link to share comes back, shown
 * this once.
 */
export function InviteSection({ result }: { result?: PeopleActionResult }) {
  return (
    <section aria-labelledby="invite-title" className="rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id="invite-title" className="font-serif text-xl font-semibold text-ink">
        Invite people
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Each invitation lets one person join, for {INVITATION_DAYS} days. Facilitators run meetings; members answer and
        see the history.
      </p>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <FormError result={result} form="invite" />
        {result?.form === "invite" && result.inviteLink && (
          <FormMessage tone="success">
            <p>Share this link with the person you invite. It is shown only now, and works once:</p>
            <input
              readOnly
              aria-label="Invitation link"
              value={result.inviteLink}
              className="mt-2 w-full rounded-lg border border-line bg-white px-2 py-1.5 font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
          </FormMessage>
        )}
        <TextField
          label="Email address (optional)"
          name="email"
          type="email"
          autoComplete="off"
          hint="Leave it empty to make a link you share yourself."
        />
        <RoleSelect name="role" value="member" label="Joins as" />
        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="invite-email" pendingLabel="Sending...">
            Send invitation
          </SubmitButton>
          <SubmitButton intent="invite-link" pendingLabel="Creating..." variant="secondary">
            Create a link
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
