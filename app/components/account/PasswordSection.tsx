import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { KeyRound } from "~/components/icons";
import type { ProfileActionResult } from "~/shared/accounts";
import { MIN_PASSWORD_LENGTH } from "~/shared/accounts";
import { Outcome } from "./Outcome";
import { Section, sectionIconClass } from "./Section";

export function PasswordSection({ result }: { result?: ProfileActionResult }) {
  return (
    <Section id="password" title="Password" icon={<KeyRound className={sectionIconClass} aria-hidden="true" />}>
      <Outcome result={result} section="password" />
      <Form method="post" className="space-y-4" noValidate>
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Other devices are signed out when you change it.`}
        />
        <SubmitButton intent="password" pendingLabel="Changing...">
          Change password
        </SubmitButton>
      </Form>
    </Section>
  );
}
