import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { PlanEditorPage } from "~/components/plans/PlanEditorPage";
import { listPlans, loadPlanDraft, suggestPlan } from "~/domain/plans/plans.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { planSuggestionSchema } from "~/shared/plan-schemas";
import { saveMeetingPlan, suggestForPlanSlot, suggestMeetingPlan } from "~/use-cases/plans/plans.server";
import { formError, runForPage } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";
import { planDraftIds } from "~/web/plan-draft.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/plan";

// A member's plan lists their saved plans' secret links; anyone's draft is their own.
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  const settings = planSuggestionSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const user = await getUser(request);
  const { db } = await database();
  const [drafted, plans] = await Promise.all([
    loadPlanDraft(db, planDraftIds(request), user?.id ?? null),
    user ? listPlans(db, user.id) : Promise.resolve([]),
  ]);
  // The plan is the draft; with nothing in it yet, a matched set starts it (and becomes the draft on the page).
  const questions = drafted.length > 0 ? drafted : await suggestPlan(db, settings, user?.id ?? null);
  return {
    settings,
    questions,
    signedIn: Boolean(user),
    plans: plans.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}

/** A suggestion or a replacement changes the plan in the page, and the draft with it: nothing to load again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "suggest" || intent === "another") return false;
  return defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  const form = formBody(args.context);
  const fields = Object.fromEntries(form);
  const questionIds = form.getAll("questionIds").map(String);
  const intent = form.get("intent");
  if (intent === "suggest") {
    const suggested = await runForPage(suggestMeetingPlan, args, fields);
    return suggested.ok ? suggested.value : formError(suggested);
  }
  if (intent === "another") {
    const another = await runForPage(suggestForPlanSlot, args, { ...fields, questionIds });
    return another.ok ? another.value : formError(another);
  }
  const saved = await runForPage(saveMeetingPlan, args, { title: fields.title ?? "", questionIds });
  if (!saved.ok) return formError(saved);
  return redirect(`/p/${saved.value.planId}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Plan a Meeting",
    description:
      "Put your meeting's questions in order, or let CircleUp suggest a check-in, an energizer and a check-out; present them or run a live round.",
    path: "/plan",
  });

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PlanEditorPage
      questions={loaderData.questions}
      settings={{
        categorySlug: loaderData.settings.categorySlug ?? "",
        engagementLevel: loaderData.settings.engagementLevel,
      }}
      signedIn={loaderData.signedIn}
      plans={loaderData.plans}
      actionError={actionData && "error" in actionData ? actionData.error : undefined}
    />
  );
}
