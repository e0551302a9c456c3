import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { Mail } from "~/components/icons";
import type { ProfileActionResult } from "~/shared/accounts";
import { Outcome } from "./Outcome";
import { Section, sectionIconClass } from "./Section";

export function EmailSection({ result }: { result?: ProfileActionResult }) {
  return (
    <Section id="email" title="Email address" icon={<Mail className={sectionIconClass} aria-hidden="true" />}>
      <Outcome result={result} section="email" />
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <TextField label="New email address" name="newEmail" type="email" autoComplete="email" className="flex-1" />
        <SubmitButton intent="email" pendingLabel="Sending...">
          Change email
        </SubmitButton>
      </Form>
    </Section>
  );
}
