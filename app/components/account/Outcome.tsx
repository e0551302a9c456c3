import { FormMessage } from "~/components/forms/FormMessage";
import type { ProfileActionResult } from "~/shared/accounts";

/** The outcome of this section's last form, if the last form was this section's. */
export function Outcome({ result, section }: { result?: ProfileActionResult; section: string }) {
  if (result?.section !== section) return null;
  if (result.error) return <FormMessage tone="error">{result.error}</FormMessage>;
  if (result.success) return <FormMessage tone="success">{result.success}</FormMessage>;
  return null;
}
