import { data } from "react-router";
import { TeamNav } from "~/components/teams/TeamNav";
import { TeamQuestionsPage } from "~/components/teams/TeamQuestionsPage";
import { listTeamCollection, removeFromTeam } from "~/domain/teams/collection.server";
import {
  deleteTeamQuestion,
  editTeamQuestion,
  listTeamQuestions,
  SAVED_PUBLISHED_INSTEAD,
  submitTeamQuestion,
  writeTeamQuestion,
} from "~/domain/teams/team-questions.server";
import { seo } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { isUuid } from "~/shared/ids";
import { teamQuestionEditSchema, teamQuestionSchema } from "~/shared/team-question-schemas";
import { teamRoleCan } from "~/shared/teams";
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

const TEAM_QUESTION_INTENTS = new Set(["write", "unsave", "edit", "delete", "submit"]);

const firstProblem = (error: { issues: { message: string }[] }) => ({ error: error.issues[0]?.message ?? "Invalid" });

export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await requireTeamPage(request, params.teamId, "curate");
  const form = formBody(context);
  const fields = Object.fromEntries(form);
  const intent = String(form.get("intent") ?? "");
  if (!TEAM_QUESTION_INTENTS.has(intent)) return data({ error: "Unknown action." }, { status: 400 });
  const { db } = await database();
  if (intent === "write") {
    const parsed = teamQuestionSchema.safeParse(fields);
    if (!parsed.success) return firstProblem(parsed.error);
    const result = await writeTeamQuestion(db, access.teamId, access.userId, parsed.data);
    if (!result.ok) return { error: result.error.message };
    return {
      success: result.savedPublished ? SAVED_PUBLISHED_INSTEAD : "Added: it is served in this team's meetings.",
    };
  }
  const questionId = String(form.get("questionId") ?? "").toLowerCase();
  if (!isUuid(questionId)) return { error: "Choose a question first." };
  if (intent === "unsave") {
    await removeFromTeam(db, access.teamId, questionId);
    return { success: "Removed from the collection." };
  }
  if (intent === "edit") {
    const parsed = teamQuestionEditSchema.safeParse(fields);
    if (!parsed.success) return firstProblem(parsed.error);
    const result = await editTeamQuestion(db, access.teamId, questionId, parsed.data.question);
    return result.ok ? { success: "Saved." } : { error: result.error.message };
  }
  if (intent === "delete") {
    const result = await deleteTeamQuestion(db, access.teamId, questionId);
    return result.ok ? { success: "Deleted." } : { error: result.error.message };
  }
  if (intent === "submit") {
    const result = await submitTeamQuestion(db, access.teamId, questionId, access.userId);
    return result.ok
      ? { success: "Submitted for review: the team keeps using it meanwhile." }
      : { error: result.error.message };
  }
  return data({ error: "Unknown action." }, { status: 400 });
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
