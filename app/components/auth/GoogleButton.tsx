import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";

/** Starts Google sign-in; shown only when the deployment configured it. */
export function GoogleButton({ redirectTo, label }: { redirectTo: string; label: string }) {
  return (
    <Form method="post" action="/auth/google">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <SubmitButton pendingLabel="Opening Google..." intent="google" variant="secondary" className="w-full gap-2">
        <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8Z"
          />
          <path
            fill="#34A853"
            d="M12 23c2.9 0 5.4-1 7.2-2.7l-3.6-2.7c-1 .7-2.2 1-3.6 1-2.8 0-5.1-1.8-6-4.3H2.3v2.8A11 11 0 0 0 12 23Z"
          />
          <path fill="#FBBC05" d="M6 14.3a6.6 6.6 0 0 1 0-4.2V7.3H2.3a11 11 0 0 0 0 9.8L6 14.3Z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3 .6 4.1 1.6l3.1-3.1A11 11 0 0 0 2.3 7.3L6 10.1c.9-2.6 3.2-4.7 6-4.7Z"
          />
        </svg>
        {label}
      </SubmitButton>
    </Form>
  );
}

/** The "or" rule between Google and the e-mail form. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      or
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
