import { useSearchParams } from "react-router";
import { FormMessage } from "~/components/forms/FormMessage";
import { ownEntry } from "~/shared/own-entry";

/** Flows that finish outside this page (a link in an e-mail) come back with `?notice=`. */
const NOTICES: Record<string, string> = {
  "email-changed": "Your email address is changed.",
};

export function ProfileNotice() {
  const [params] = useSearchParams();
  const notice = ownEntry(NOTICES, params.get("notice"));
  return notice ? <FormMessage tone="success">{notice}</FormMessage> : null;
}
