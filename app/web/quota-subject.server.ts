import type { QuotaSubject } from "~/domain/generation/quota.server";
import { addressSubject } from "~/domain/limits/rate-limit.server";
import { appSecret } from "~/services.server";
import { getUser } from "./session.server";
import { anonymousVisitor, existingVisitorId } from "./visitor.server";

/**
 * Whose AI quota a generation spends: the account when signed in, else the
 * anonymous visitor (cookie, created here when missing) and their network
 * (an IPv4 address or IPv6 /56), as the keyed hash every limit uses.
 */
export async function quotaSubjectOf(
  request: Request,
  clientIp: string | null,
): Promise<{ subject: QuotaSubject; userId: string | null; setCookie?: string }> {
  const user = await getUser(request);
  if (user) return { subject: { kind: "account", userId: user.id, plan: user.plan }, userId: user.id };
  const visitor = await anonymousVisitor(request);
  return {
    subject: {
      kind: "anonymous",
      visitorId: visitor.id,
      address: clientIp ? addressSubject(clientIp, appSecret()) : null,
    },
    userId: null,
    setCookie: visitor.setCookie,
  };
}

/** The same for a page render, which never creates a cookie (null: a first-time visitor). */
export async function existingQuotaSubject(request: Request): Promise<QuotaSubject | null> {
  const user = await getUser(request);
  if (user) return { kind: "account", userId: user.id, plan: user.plan };
  const visitorId = await existingVisitorId(request);
  return visitorId ? { kind: "anonymous", visitorId, address: null } : null;
}
