import crypto from "node:crypto";
import { createCookie } from "react-router";
import { config } from "~/config.server";
import { isUuid } from "~/shared/ids";

/** An anonymous visitor's id: keys the AI quota of a session (24 hours), carries nothing else. */
const visitorCookie = createCookie("cu_visitor", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 24 * 60 * 60,
  secure: config().publicUrl.startsWith("https://"),
});

/** The visitor id from the request, or a new one with the Set-Cookie header to send. */
export async function anonymousVisitor(request: Request): Promise<{ id: string; setCookie?: string }> {
  const existing = await visitorCookie.parse(request.headers.get("Cookie"));
  if (isUuid(existing)) return { id: existing };
  const id = crypto.randomUUID();
  return { id, setCookie: await visitorCookie.serialize(id) };
}

/** The visitor id if the browser has one; never creates one (pages must stay cacheable). */
export async function existingVisitorId(request: Request): Promise<string | null> {
  const existing = await visitorCookie.parse(request.headers.get("Cookie"));
  return isUuid(existing) ? existing : null;
}
