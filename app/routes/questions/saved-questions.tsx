import { SavedQuestionsPage } from "~/components/saved/SavedQuestionsPage";
import { listSaved } from "~/domain/community/saves.server";
import { unsaveQuestion } from "~/domain/questions/marks.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { questionIdParam } from "~/web/http.server";
import { planDraftIds } from "~/web/plan-draft.server";
import { requireUser } from "~/web/session.server";
import type { Route } from "./+types/saved-questions";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await database();
  // The plan's ids, so a question already in it says so in the first HTML.
  return { saved: await listSaved(db, user.id), inPlan: planDraftIds(request) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const questionId = questionIdParam(String(form.get("questionId") ?? ""));
  const { db } = await database();
  await unsaveQuestion(db, user.id, questionId);
  return { unsaved: questionId };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Saved questions",
    description: "The questions you saved for your meetings.",
    path: "/saved-questions",
    noindex: true,
  });

export default function SavedQuestions({ loaderData }: Route.ComponentProps) {
  return <SavedQuestionsPage saved={loaderData.saved} inPlan={loaderData.inPlan} />;
}
