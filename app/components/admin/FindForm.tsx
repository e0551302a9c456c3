import type { ReactNode } from "react";
import { Form } from "react-router";
import { Search } from "~/components/icons";

/** A GET form of the admin console: its search field (the children) and a Find button. */
export function FindForm({ children }: { children: ReactNode }) {
  return (
    <Form method="get" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      {children}
      <button
        type="submit"
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        <Search className="h-4 w-4" aria-hidden="true" />
        Find
      </button>
    </Form>
  );
}
