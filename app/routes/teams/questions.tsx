import { data } from "react-router";
import { TeamNav } from "~/components/teams/TeamNav";
import { TeamQuestionsPage } from "~/components/teams/TeamQuestionsPage";
import { listTeamCollection } from "~/domain/teams/collection.server";
import { listTeamQuestions } from "~/domain/teams/team-questions.server";
import { seo } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { ownEntry } from "~/shared/own-entry";
import { teamRoleCan } from "~/shared/teams";
import {
  deleteQuestionOfTeam,
  editQuestionOfTeam,
  removeFromCollection,
  submitQuestionOfTeam,
  writeQuestionForTeam,
} from "~/use-cases/teams/team-questions.server";
import { formRefusal, runForPage } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/questions";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "view");
  const { db } = await database();
  const [collection, written] = await Promise.all([
    listTeamCollection(db, access.teamId),
    listTeamQuestions(db, access.teamId),
  ]);
  return { team: access, collection, written, canCurate: teamRoleCan(access.role, "curate") };
}

/** The forms of the page, each one use case; all of them need the team's "curate" ability. */
const BY_QUESTION = {
  unsave: { useCase: removeFromCollection, success: "Removed from the collection." },
  edit: { useCase: editQuestionOfTeam, success: "Saved." },
  delete: { useCase: deleteQuestionOfTeam, success: "Deleted." },
  submit: { useCase: submitQuestionOfTeam, success: "Submitted for review: the team keeps using it meanwhile." },
};

export async function action(args: Route.ActionArgs) {
  const teamId = args.params.teamId;
  const fields = Object.fromEntries(formBody(args.context));
  const intent = String(fields.intent ?? "");
  // These forms answer 200 with their message, as they always have: the page shows it beside the form.
  if (intent === "write") {
    const written = await runForPage(writeQuestionForTeam, args, { ...fields, teamId }, teamId);
    if (!written.ok) return { error: written.message };
    return { success: written.value.notice ?? "Added: it is served in this team's meetings." };
  }
  const form = ownEntry(BY_QUESTION, intent);
  if (!form) {
    await requireTeamPage(args.request, teamId, "curate");
    return data({ error: formRefusal("UNKNOWN_ACTION").message }, { status: 400 });
  }
  const done = await runForPage(form.useCase, args, { ...fields, teamId }, teamId);
  return done.ok ? { success: form.success } : { error: done.message };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: loaderData ? `Questions · ${loaderData.team.teamName}` : "Team questions",
    description: "The team's collection and its own questions.",
    path: "/teams",
    noindex: true,
  });

export default function TeamQuestions({ loaderData }: Route.ComponentProps) {
  const { team, collection, written, canCurate } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <TeamNav teamId={team.teamId} teamName={team.teamName} role={team.role} current="questions" />
      <TeamQuestionsPage
        teamId={team.teamId}
        viewer={useViewer()}
        collection={collection}
        written={written}
        canCurate={canCurate}
      />
    </div>
  );
}
