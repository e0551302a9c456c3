import { data } from "react-router";
import { RecapView } from "~/components/live/RecapView";
import { RoundMessage } from "~/components/live/RoundMessage";
import { getRecap } from "~/domain/live/rounds.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { say } from "~/shared/errors/english";
import { livePaths } from "~/shared/live";
import type { PageLayout } from "~/shared/navigation";
import { domainPageError, statusOf } from "~/web/http.server";
import type { Route } from "./+types/recap";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

/** Recap tokens are base64url; anything else is not asked of the database. */
const RECAP_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export async function loader({ params }: Route.LoaderArgs) {
  const missing = { recap: null, message: say("RECAP_NOT_FOUND") };
  if (!RECAP_TOKEN.test(params.token)) return data(missing, { status: 404 });
  const { db } = await database();
  const outcome = await getRecap(db, params.token);
  if (!outcome.ok) {
    if (statusOf(outcome.error) !== 404) throw domainPageError(outcome.error);
    return data({ recap: null, message: outcome.error.message }, { status: 404 });
  }
  return { recap: outcome.recap, message: null };
}

/** Read by the people who were in the round: the logo alone above it, no site navigation, footer or banner. */
export const handle = { layout: "focused" } satisfies { layout: PageLayout };

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seo(matches, {
    title: "Live round recap",
    description: "The questions of a live round and what people answered.",
    path: livePaths.recap(params.token),
    // A recap is for the people who get the link.
    noindex: true,
  });

export default function Recap({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.recap) {
    return (
      <RoundMessage title="No recap here">
        <p>{loaderData.message}. A host can delete a round, and rounds are removed after a while.</p>
      </RoundMessage>
    );
  }
  return <RecapView recap={loaderData.recap} token={params.token} />;
}
