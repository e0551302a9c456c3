import type { QuotaSubject } from "~/domain/generation/quota.server";
import { getUser } from "./session.server";
import { existingVisitorId } from "./visitor.server";

/**
 * Whose AI quota a page shows: the account when signed in, else the
 * visitor's cookie. A page render never creates the cookie (null: a
 * first-time visitor); the generator's use case is given one by the API.
 */
export async function existingQuotaSubject(request: Request): Promise<QuotaSubject | null> {
  const user = await getUser(request);
  if (user) return { kind: "account", userId: user.id, plan: user.plan };
  const visitorId = await existingVisitorId(request);
  return visitorId ? { kind: "anonymous", visitorId, address: null } : null;
}
