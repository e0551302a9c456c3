import { data, redirect } from "react-router";
import { CenteredCard } from "~/components/forms/CenteredCard";
import { JoinCodeForm } from "~/components/live/JoinCodeForm";
import { getRoundView } from "~/domain/live/rounds.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { say } from "~/shared/errors/english";
import { isJoinCode, JOIN_CODE_LENGTH, livePaths, normalizeJoinCode } from "~/shared/live";
import type { PageLayout } from "~/shared/navigation";
import { formBody } from "~/web/http.server";
import { liveCredentials, readRoundByCode } from "~/web/live.server";
import type { Route } from "./+types/join";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";

export function loader({ request }: Route.LoaderArgs) {
  const code = normalizeJoinCode(new URL(request.url).searchParams.get("code") ?? "").slice(0, JOIN_CODE_LENGTH * 2);
  return { code };
}

/** Checks the code before leaving the page, so a typo is said here, next to the field. */
export async function action({ request, context }: Route.ActionArgs) {
  const typed = String(formBody(context).get("code") ?? "");
  const code = normalizeJoinCode(typed).slice(0, 40);
  const refuse = (error: string) => data({ code, error }, { status: 400 });
  if (!code) return refuse(say("JOIN_CODE_REQUIRED"));
  if (!isJoinCode(code)) return refuse(say("JOIN_CODE_INVALID", { length: JOIN_CODE_LENGTH, typed: code.length }));
  const { db } = await database();
  const credentials = await liveCredentials(request, code);
  const outcome = await readRoundByCode(context.clientIp, () =>
    getRoundView(db, code, credentials, "participant", { lobby: true }),
  );
  if (!outcome.ok) {
    const status = { "not-found": 404, "rate-limited": 429 }[outcome.error.kind as string] ?? 400;
    return data({ code, error: outcome.error.message }, { status });
  }
  if (outcome.view.status === "ended" && !outcome.view.me)
    return data({ code, error: say("ROUND_GONE") }, { status: 404 });
  throw redirect(livePaths.participant(code));
}

/** A phone in a meeting, about to join: the logo alone above the form, no site navigation, footer or banner. */
export const handle = { layout: "focused" } satisfies { layout: PageLayout };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Join a live round",
    description: "Type the code on the host's screen to answer the meeting's question from your phone.",
    path: livePaths.join,
  });

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CenteredCard title="Join a round">
      <p className="text-ink-muted">
        Your host has a six-letter code on their screen. Type it here to answer from your phone; the answers appear
        together when the host reveals them.
      </p>
      <div className="mt-6">
        <JoinCodeForm code={actionData?.code ?? loaderData.code} error={actionData?.error ?? null} />
      </div>
    </CenteredCard>
  );
}
