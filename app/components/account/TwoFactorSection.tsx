import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { ShieldCheck } from "~/components/icons";
import type { ProfileActionResult } from "~/shared/accounts";
import { Outcome } from "./Outcome";
import { Section, sectionIconClass } from "./Section";

type Setup = NonNullable<ProfileActionResult["setup"]>;

export function TwoFactorSection({
  enabled,
  hasPassword,
  result,
}: {
  enabled: boolean;
  hasPassword: boolean;
  result?: ProfileActionResult;
}) {
  const setup = result?.section === "2fa" ? result.setup : undefined;
  const icon = <ShieldCheck className={sectionIconClass} aria-hidden="true" />;
  // Turning two-factor on or off asks for the password, so accounts without one are left to Google.
  if (!hasPassword) {
    return (
      <Section id="2fa" title="Two-factor authentication" icon={icon}>
        <p className="text-ink-muted">
          You sign in with Google, which protects your account with its own two-step verification.
        </p>
      </Section>
    );
  }
  return (
    <Section id="2fa" title="Two-factor authentication" icon={icon}>
      <Outcome result={result} section="2fa" />
      {setup ? <TwoFactorSetup setup={setup} /> : <TwoFactorToggle enabled={enabled} />}
    </Section>
  );
}

/** The key and backup codes are shown this once, so the setup stays on screen until a code confirms it. */
function TwoFactorSetup({ setup }: { setup: Setup }) {
  return (
    <div className="space-y-4">
      <p className="text-ink">
        1. Scan this code with your authenticator app (or type the key), then enter the 6-digit code it shows.
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <img
          src={setup.qrDataUrl}
          width={200}
          height={200}
          alt="QR code for your authenticator app"
          className="rounded-xl border border-line"
        />
        <p className="text-sm text-ink-muted">
          Key:{" "}
          <code data-testid="totp-secret" className="break-all rounded bg-sand px-1.5 py-0.5 font-mono text-ink">
            {setup.secret}
          </code>
        </p>
      </div>
      <p className="text-ink">
        2. Keep these backup codes somewhere safe. Each signs you in once if you lose your phone.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {setup.backupCodes.map((code) => (
          <li key={code} className="rounded-lg bg-sand px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <TextField
          label="Code from your app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          className="flex-1"
        />
        <SubmitButton intent="2fa-verify" pendingLabel="Checking...">
          Turn on two-factor
        </SubmitButton>
      </Form>
    </div>
  );
}

function TwoFactorToggle({ enabled }: { enabled: boolean }) {
  return (
    <>
      <p className="text-ink-muted">
        {enabled
          ? "Two-factor is on: signing in asks for a code from your authenticator app."
          : "Add a second step to signing in: a code from an authenticator app on your phone."}
      </p>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <TextField
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          className="flex-1"
        />
        <SubmitButton
          intent={enabled ? "2fa-disable" : "2fa-enable"}
          pendingLabel={enabled ? "Turning off..." : "Starting..."}
          variant={enabled ? "secondary" : "primary"}
        >
          {enabled ? "Turn off two-factor" : "Set up two-factor"}
        </SubmitButton>
      </Form>
    </>
  );
}
