import { type InputHTMLAttributes, useId } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  /** Shown under the field, read out with it. */
  hint?: string;
  error?: string;
};

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ label, hint, error, id, className, ...input }: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className="mt-1.5 block w-full rounded-xl border border-line bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-ink-muted/70 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid]:border-accent-600"
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-accent-600">
          {error}
        </p>
      )}
    </div>
  );
}
