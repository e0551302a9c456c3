import { config } from "~/config.server";
import { recordEvent } from "~/domain/analytics/events.server";
import { LIMITS } from "~/domain/limits/rules";
import { database } from "~/services.server";
import { trackedUrl } from "~/shared/analytics";
import { clientEventSchema } from "~/shared/analytics-schemas";
import { methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/events";

/**
 * POST /api/v1/events: a page view or an error from the browser, sent only
 * after cookie consent. Stored in our own database, nowhere else. Every
 * post counts against its address's limit, malformed ones too: nothing
 * else bounds what anonymous browsers add to the events table.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  await requireWithinLimit(LIMITS.events, { ip: context.clientIp });
  const parsed = parseJsonBody(context, clientEventSchema);
  if (!parsed.ok) return parsed.response;
  const event = parsed.data;
  const user = await getUser(request);
  const { db } = await database();
  const properties: Record<string, string> =
    event.name === "page_view"
      ? { page: event.page, url: trackedUrl(config().publicUrl, event.path, event.search) }
      : { page: event.page, message: event.message };
  await recordEvent(db, event.name, { userId: user?.id ?? null, path: event.path, properties });
  return new Response(null, { status: 204 });
}
