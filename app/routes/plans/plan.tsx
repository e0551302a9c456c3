import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { PlanEditorPage } from "~/components/plans/PlanEditorPage";
import { LIMITS } from "~/domain/limits/rules";
import { createPlan, listPlans, loadPlanDraft, suggestForSlot, suggestPlan } from "~/domain/plans/plans.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { isUuid } from "~/shared/ids";
import { newPlanSchema, planSlotSchema, planSuggestionSchema } from "~/shared/plan-schemas";
import { formBody, statusOf } from "~/web/http.server";
import { overLimit } from "~/web/limits.server";
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

export async function action({ request, context }: Route.ActionArgs) {
  const form = formBody(context);
  const user = await getUser(request);
  const { db } = await database();
  const settings = planSuggestionSchema.parse(Object.fromEntries(form));
  const intent = form.get("intent");
  if (intent === "suggest") return { questions: await suggestPlan(db, settings, user?.id ?? null) };
  if (intent === "another") {
    const slot = planSlotSchema.safeParse(form.get("slot"));
    if (!slot.success) return data({ error: slot.error.issues[0]?.message ?? "Unknown slot" }, { status: 400 });
    const replace = String(form.get("replace") ?? "").toLowerCase();
    if (!isUuid(replace)) return data({ error: "replace must be a question id" }, { status: 400 });
    const exclude = form.getAll("questionIds").map(String).filter(isUuid);
    const question = await suggestForSlot(db, slot.data, settings, exclude, user?.id ?? null);
    return { replaced: { questionId: replace, question } };
  }
  const parsed = newPlanSchema.safeParse({ title: form.get("title") ?? "", questionIds: form.getAll("questionIds") });
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "Please check the plan" }, { status: 400 });
  const limited = await overLimit(LIMITS.plans, user ? { userId: user.id } : { ip: context.clientIp });
  if (limited) return data({ error: limited.message }, { status: statusOf(limited) });
  const id = await createPlan(db, { ownerId: user?.id ?? null, ...parsed.data });
  if (!id)
    return data({ error: "A question in this plan no longer exists. Please pick another one." }, { status: 409 });
  return redirect(`/p/${id}`);
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
