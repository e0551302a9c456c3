import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { UserRound } from "~/components/icons";
import type { ProfileActionResult } from "~/shared/accounts";
import { Outcome } from "./Outcome";
import { Section, sectionIconClass } from "./Section";

export function NameSection({ name, result }: { name: string; result?: ProfileActionResult }) {
  return (
    <Section id="name" title="Your name" icon={<UserRound className={sectionIconClass} aria-hidden="true" />}>
      <Outcome result={result} section="name" />
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <TextField label="Full name" name="fullName" defaultValue={name} autoComplete="name" className="flex-1" />
        <SubmitButton intent="name" pendingLabel="Saving...">
          Save name
        </SubmitButton>
      </Form>
    </Section>
  );
}
