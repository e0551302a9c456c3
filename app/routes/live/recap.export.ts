import { recapToCsv, recapToMarkdown } from "~/domain/live/recap-export";
import { getRecap } from "~/domain/live/rounds.server";
import { database } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { domainProblem, problem } from "~/web/http.server";
import type { Route } from "./+types/recap.export";

/** Recap tokens are base64url; anything else is not asked of the database. */
const RECAP_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

const FORMATS = {
  csv: { render: recapToCsv, contentType: "text/csv; charset=utf-8", extension: "csv" },
  markdown: { render: recapToMarkdown, contentType: "text/markdown; charset=utf-8", extension: "md" },
} as const;
type Format = keyof typeof FORMATS;

/** GET /live/recap/{token}/export?format=csv|markdown: the recap as a file named after the round and its day. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const format = new URL(request.url).searchParams.get("format") ?? "";
  if (!Object.hasOwn(FORMATS, format)) {
    return problem(coded("EXPORT_FORMAT_UNKNOWN", { formats: Object.keys(FORMATS) }));
  }
  if (!RECAP_TOKEN.test(params.token)) return problem(coded("RECAP_NOT_FOUND"));
  const { db } = await database();
  const outcome = await getRecap(db, params.token);
  if (!outcome.ok) return domainProblem(outcome.error);
  const { render, contentType, extension } = FORMATS[format as Format];
  const { recap } = outcome;
  return new Response(render(recap), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="live-round-${recap.code}-${recap.createdAt.slice(0, 10)}.${extension}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
