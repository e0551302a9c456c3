import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { Trash2 } from "~/components/icons";
import type { ProfileActionResult } from "~/shared/accounts";
import { Outcome } from "./Outcome";
import { Section } from "./Section";

export function DeleteAccountSection({ hasPassword, result }: { hasPassword: boolean; result?: ProfileActionResult }) {
  return (
    <Section
      id="delete"
      title="Delete account"
      icon={<Trash2 className="h-5 w-5 text-accent-600" aria-hidden="true" />}
    >
      <p className="text-ink-muted">
        This removes your account, profile, history, saved questions and votes for good. Questions of yours that the
        community already sees stay, without your name.
      </p>
      <Outcome result={result} section="delete" />
      <Form method="post" className="space-y-4" noValidate>
        {/* Accounts without a password (Google only) confirm by typing "delete" on a fresh session. */}
        {hasPassword && (
          <TextField label="Your password" name="password" type="password" autoComplete="current-password" />
        )}
        <TextField label='Type "delete" to confirm' name="confirm" autoComplete="off" />
        <SubmitButton intent="delete" pendingLabel="Deleting..." variant="danger">
          Delete my account
        </SubmitButton>
      </Form>
    </Section>
  );
}
