import { FormMessage } from "~/components/forms/FormMessage";
import type { PeopleActionResult } from "~/shared/team-pages";

/** A form's error, shown where that form is. */
export function FormError({ result, form }: { result?: PeopleActionResult; form: string }) {
  if (result?.form !== form || !result.error) return null;
  return <FormMessage tone="error">{result.error}</FormMessage>;
}
