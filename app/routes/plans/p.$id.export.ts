import { config } from "~/config.server";
import { EXPORT_FORMATS, type ExportFormat, renderExport } from "~/domain/community/export-formats";
import { findPlan } from "~/domain/plans/plans.server";
import { database } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { isUuid } from "~/shared/ids";
import { problem } from "~/web/http.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/p.$id.export";

const FORMATS = Object.keys(EXPORT_FORMATS);

/** GET /p/{id}/export?format=csv|json|markdown|text: a meeting plan as a download, in its order. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const format = new URL(request.url).searchParams.get("format") ?? "";
  if (!Object.hasOwn(EXPORT_FORMATS, format)) return problem(coded("EXPORT_FORMAT_UNKNOWN", { formats: FORMATS }));
  if (!isUuid(params.id)) return problem(coded("PLAN_NOT_FOUND"));
  const { db } = await database();
  const plan = await findPlan(db, params.id.toLowerCase(), (await getUser(request))?.id ?? null);
  if (!plan) return problem(coded("PLAN_NOT_FOUND"));
  const rows = plan.questions.map((q) => ({
    question: q.question,
    type: q.type,
    questionStyle: q.questionStyle,
    engagementLevel: q.engagementLevel,
    categorySlug: q.categorySlug,
    savedAt: plan.createdAt,
  }));
  const { contentType, extension } = EXPORT_FORMATS[format as ExportFormat];
  const body = renderExport(format as ExportFormat, rows, config().appName, { title: plan.title, inOrder: true });
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="meeting-plan.${extension}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
