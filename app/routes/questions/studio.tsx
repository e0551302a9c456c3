import { Studio } from "~/components/studio/Studio";
import { mayDirectAi } from "~/domain/generation/directed-access.server";
import { startingQuestion } from "~/domain/generation/directed-storage.server";
import { seo } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { isUuid } from "~/shared/ids";
import { teamRoleCan } from "~/shared/teams";
import { siteFeatures } from "~/web/features.server";
import { requireUser } from "~/web/session.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/studio";

export { privatePageHeaders as headers } from "~/web/private-page.server";

/**
 * /studio: Premium's AI takes direction. `?from=<question id>` starts from that
 * question; `?team=<team id>` works for the team's meeting (its members only),
 * where the results become the team's own questions for those who may curate
 * them, and the member's private ones for everyone else.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const teamParam = url.searchParams.get("team");
  const team = teamParam ? await requireTeamPage(request, teamParam) : null;
  const { db } = await database();
  const owner = { userId: user.id, teamId: team?.teamId ?? null };
  const from = url.searchParams.get("from");
  const [allowed, source] = await Promise.all([
    mayDirectAi(db, { id: user.id, plan: user.plan }, owner.teamId),
    from && isUuid(from) ? startingQuestion(db, owner, from) : null,
  ]);
  const features = siteFeatures();
  return {
    allowed: allowed.ok,
    aiConfigured: features.ai,
    premiumForSale: features.premiumForSale,
    team: team ? { id: team.teamId, name: team.teamName, curates: teamRoleCan(team.role, "curate") } : null,
    source,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "AI studio",
    description: "Direct the AI: your team's context, three questions to choose from, rewrites and follow-ups.",
    path: "/studio",
    noindex: true,
  });

export default function StudioPage({ loaderData }: Route.ComponentProps) {
  // Opened from another card, the studio starts afresh from that question.
  return <Studio key={loaderData.source?.id ?? loaderData.team?.id ?? "studio"} {...loaderData} viewer={useViewer()} />;
}
