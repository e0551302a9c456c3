import { config } from "~/config.server";
import { LIMITS } from "~/domain/limits/rules";
import { previewCache } from "~/domain/sharing/preview-cache.server";
import { sharedQuestion } from "~/domain/sharing/shared-question.server";
import { database } from "~/services.server";
import { isUuid } from "~/shared/ids";
import { stripSurroundingQuotes } from "~/shared/questions";
import { clientHasVersion } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import type { Route } from "./+types/q.$id.image";

const LABELS: Record<string, string> = {
  "check-in": "Check-in question",
  energizer: "Energizer",
  "check-out": "Check-out question",
};

/** GET /q/{id}/image.png: the 1200x630 link preview of a shared question, drawn once per text. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireWithinLimit(LIMITS.images, { ip: context.clientIp });
  if (!isUuid(params.id)) return new Response("Not found", { status: 404 });
  const { db } = await database();
  const question = await sharedQuestion(db, params.id.toLowerCase(), null);
  if (!question) return new Response("Not found", { status: 404 });
  const preview = previewCache.preview(question.id, {
    question: stripSurroundingQuotes(question.question),
    label: LABELS[question.type] ?? "Meeting question",
    appName: config().appName,
  });
  const headers = { ETag: preview.etag, "Cache-Control": "public, max-age=86400" };
  if (clientHasVersion(request, preview.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(await preview.png()), { headers: { ...headers, "Content-Type": "image/png" } });
}
