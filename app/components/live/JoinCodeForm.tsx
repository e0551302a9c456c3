import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { JOIN_CODE_LENGTH, spacedCode } from "~/shared/live";

/**
 * The one field of the join page. A plain form that posts to the page: it
 * works before (or without) the page's scripts, and a wrong code comes back
 * with the reason next to the field.
 */
export function JoinCodeForm({ code, error }: { code: string; error: string | null }) {
  return (
    <Form method="post" noValidate className="space-y-5">
      <div>
        <label htmlFor="join-code" className="block text-sm font-semibold text-ink">
          Code from the host's screen
        </label>
        <input
          id="join-code"
          name="code"
          defaultValue={code}
          required
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          // Room for the spaces or dashes people type between the letters.
          maxLength={JOIN_CODE_LENGTH * 2}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "join-code-hint join-code-error" : "join-code-hint"}
          className="mt-1.5 block w-full rounded-xl border border-line bg-white px-4 py-3 font-mono text-3xl uppercase tracking-[0.3em] text-ink shadow-sm placeholder:text-ink-muted/50 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid]:border-accent-600"
          placeholder={spacedCode("K7MQ3P")}
        />
        <p id="join-code-hint" className="mt-1 text-sm text-ink-muted">
          Six letters and numbers. Spaces and small letters are fine.
        </p>
        <p id="join-code-error" role="alert" className="mt-1 min-h-5 text-sm font-medium text-accent-600">
          {error}
        </p>
      </div>
      <SubmitButton pendingLabel="Looking for the round…" className="w-full sm:w-auto">
        Join
      </SubmitButton>
    </Form>
  );
}
