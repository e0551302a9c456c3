import { Form, redirect } from "react-router";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { TeamList } from "~/components/teams/TeamList";
import { TimeZoneField } from "~/components/teams/TimeZoneField";
import { listTeamsOf } from "~/domain/teams/teams.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { teamNotice } from "~/shared/team-pages";
import { timeZoneChoices } from "~/shared/team-schemas";
import { TEAM_NAME_MAX } from "~/shared/teams";
import { createNewTeam } from "~/use-cases/teams/teams.server";
import { formError, runForPage } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";
import { requireUser } from "~/web/session.server";
import type { Route } from "./+types/teams";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await database();
  return {
    teams: await listTeamsOf(db, user.id),
    timeZones: timeZoneChoices(),
    notice: teamNotice(new URL(request.url).searchParams.get("notice")),
  };
}

export async function action(args: Route.ActionArgs) {
  const created = await runForPage(createNewTeam, args, Object.fromEntries(formBody(args.context)));
  if (!created.ok) return formError(created);
  throw redirect(`/teams/${created.value.teamId}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Your teams",
    description: "The teams you meet with: their meetings, history, questions and people.",
    path: "/teams",
    noindex: true,
  });

export default function Teams({ loaderData, actionData }: Route.ComponentProps) {
  const { teams, timeZones, notice } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold text-ink sm:text-4xl">Your teams</h1>
      <p className="mt-2 text-ink-muted">
        A team remembers its meetings: the questions asked, who hosts next, and its own questions.
      </p>
      {notice && (
        <div className="mt-6">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      )}
      <div className="mt-6">
        <TeamList teams={teams} />
      </div>
      <section aria-labelledby="new-team-title" className="mt-10 rounded-3xl border border-line bg-white p-6 sm:p-8">
        <h2 id="new-team-title" className="font-serif text-xl font-semibold text-ink">
          Create a team
        </h2>
        <p className="mt-1 text-sm text-ink-muted">You become its owner: you invite people and manage its settings.</p>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          {actionData?.error && <FormMessage tone="error">{actionData.error}</FormMessage>}
          <TextField label="Team name" name="name" required maxLength={TEAM_NAME_MAX} autoComplete="off" />
          <TimeZoneField zones={timeZones} value="UTC" guessFromBrowser />
          <SubmitButton pendingLabel="Creating...">Create team</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
