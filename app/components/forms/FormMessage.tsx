import type { ReactNode } from "react";
import { CircleAlert, CircleCheck } from "~/components/icons";

/** The outcome of a form: errors are announced at once, successes politely. */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  const error = tone === "error";
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      role={error ? "alert" : "status"}
      className={`flex gap-2.5 rounded-xl border px-4 py-3 text-sm ${
        error ? "border-accent-400 bg-accent-100 text-ink" : "border-brand-200 bg-brand-50 text-ink"
      }`}
    >
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${error ? "text-accent-600" : "text-brand-700"}`} aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
