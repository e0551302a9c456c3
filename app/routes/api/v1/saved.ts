import { redirect } from "react-router";
import { config } from "~/config.server";
import { EXPORT_FORMATS, type ExportFormat, renderExport } from "~/domain/community/export-formats";
import { listSaved } from "~/domain/community/saves.server";
import { database } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { signedInUser } from "~/use-cases/actors";
import { actorOf } from "~/web/adapters/actor.server";
import { problem } from "~/web/http.server";
import type { Route } from "./+types/saved";

const FORMATS = [...Object.keys(EXPORT_FORMATS), "print"];

/**
 * GET /api/v1/saved: the user's saved questions as JSON ({items}), or as a
 * download with ?format=csv|json|markdown|text; ?format=print opens the
 * print-ready page. Hand-written, not a use case: it changes nothing and
 * answers files and a redirect, which the JSON adapter does not carry.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await actorOf(request, context);
  // A token's call never falls back on the cookie, and this download is not open to tokens (it is no use case).
  if (actor.kind === "token") return problem(coded("CALLER_NOT_ALLOWED", { actor: "token" }));
  const user = signedInUser(actor);
  if (!user) return problem(coded("UNAUTHENTICATED"));
  const format = new URL(request.url).searchParams.get("format");
  if (format === "print") return redirect("/saved-questions/print");
  if (format && !Object.hasOwn(EXPORT_FORMATS, format)) {
    return problem(coded("EXPORT_FORMAT_UNKNOWN", { formats: FORMATS }));
  }
  const { db } = await database();
  const saved = await listSaved(db, user.id);
  if (!format) return Response.json({ items: saved }, { headers: { "Cache-Control": "private, no-store" } });
  const rows = saved.map((q) => ({
    question: q.question,
    type: q.type,
    questionStyle: q.questionStyle,
    engagementLevel: q.engagementLevel,
    categorySlug: q.categorySlug,
    savedAt: q.savedAt,
  }));
  const { contentType, extension } = EXPORT_FORMATS[format as ExportFormat];
  const day = new Date().toISOString().slice(0, 10);
  return new Response(renderExport(format as ExportFormat, rows, config().appName), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="saved-questions-${day}.${extension}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
