import { useEffect, useId, useState } from "react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { ArrowDown, ArrowUp, RefreshCw, Sparkles, X } from "~/components/icons";
import { PlanItem } from "~/components/questions/PlanItem";
import { control } from "~/components/questions/QuestionCard";
import { createPlan, listPlans, suggestForSlot, suggestPlan } from "~/domain/plans/plans.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { CATEGORIES } from "~/shared/categories";
import { formatDay } from "~/shared/format";
import { newPlanSchema, planSlotSchema, planSuggestionSchema } from "~/shared/plan-schemas";
import { PLAN_MAX_QUESTIONS, PLAN_TITLE_MAX } from "~/shared/plans";
import { ENGAGEMENT_LEVELS, type ServedQuestion } from "~/shared/questions";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/plan";

export async function loader({ request }: Route.LoaderArgs) {
  const settings = planSuggestionSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const user = await getUser(request);
  const { db } = await database();
  const [questions, plans] = await Promise.all([
    suggestPlan(db, settings, user?.id ?? null),
    user ? listPlans(db, user.id) : Promise.resolve([]),
  ]);
  return {
    settings,
    questions,
    signedIn: Boolean(user),
    plans: plans.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const user = await getUser(request);
  const { db } = await database();
  const settings = planSuggestionSchema.parse(Object.fromEntries(form));
  const intent = form.get("intent");
  if (intent === "suggest") return { questions: await suggestPlan(db, settings, user?.id ?? null) };
  if (intent === "another") {
    const slot = planSlotSchema.safeParse(form.get("slot"));
    if (!slot.success) return data({ error: slot.error.issues[0]?.message ?? "Unknown slot" }, { status: 400 });
    const exclude = form.getAll("questionIds").map(String);
    const question = await suggestForSlot(db, slot.data, settings, exclude, user?.id ?? null);
    return { replaced: { slot: slot.data, question } };
  }
  const parsed = newPlanSchema.safeParse({ title: form.get("title") ?? "", questionIds: form.getAll("questionIds") });
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "Please check the plan" }, { status: 400 });
  const id = await createPlan(db, { ownerId: user?.id ?? null, ...parsed.data });
  if (!id)
    return data({ error: "A question in this plan no longer exists. Please pick another one." }, { status: 409 });
  return redirect(`/p/${id}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Plan a Meeting",
    description:
      "Pick a check-in, an energizer and a check-out for your next meeting, or let CircleUp suggest a matched set; share it and present it.",
    path: "/plan",
  });

type ActionData = {
  questions?: ServedQuestion[];
  replaced?: { slot: string; question: ServedQuestion | null };
  error?: string;
};

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const id = useId();
  const fetcher = useFetcher<ActionData>();
  const [items, setItems] = useState<ServedQuestion[]>(loaderData.questions);
  const [settings, setSettings] = useState({
    categorySlug: loaderData.settings.categorySlug ?? "",
    engagementLevel: loaderData.settings.engagementLevel,
  });

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.questions) setItems(answer.questions);
    const replaced = answer.replaced;
    if (replaced?.question) {
      const next = replaced.question;
      setItems((list) => {
        const at = list.findIndex((q) => q.type === replaced.slot);
        return at === -1 ? [...list, next] : list.map((q, i) => (i === at ? next : q));
      });
    }
  }, [fetcher.data]);

  const move = (from: number, to: number) =>
    setItems((list) => {
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });

  const busy = fetcher.state !== "idle";
  const error = fetcher.data?.error ?? (actionData as ActionData | undefined)?.error;

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Plan a meeting</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-muted">
        Open with a check-in, lift the energy in the middle, close with a check-out. Start from a matched set, swap any
        question, put them in your order, then share the plan or present it.
      </p>

      <fetcher.Form
        method="post"
        className="mt-8 flex flex-wrap items-end gap-3 rounded-3xl border border-line bg-white p-5"
      >
        <div>
          <label htmlFor={`${id}-category`} className="block text-sm font-semibold text-ink">
            Meeting
          </label>
          <select
            id={`${id}-category`}
            name="categorySlug"
            value={settings.categorySlug}
            onChange={(event) => setSettings({ ...settings, categorySlug: event.target.value })}
            className="mt-1.5 rounded-xl border border-line bg-white px-3 py-2 text-ink"
          >
            <option value="">Any meeting</option>
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-depth`} className="block text-sm font-semibold text-ink">
            Depth
          </label>
          <select
            id={`${id}-depth`}
            name="engagementLevel"
            value={settings.engagementLevel}
            onChange={(event) =>
              setSettings({ ...settings, engagementLevel: event.target.value as typeof settings.engagementLevel })
            }
            className="mt-1.5 rounded-xl border border-line bg-white px-3 py-2 text-ink"
          >
            {ENGAGEMENT_LEVELS.map((level) => (
              <option key={level.value} value={level.value}>
                {level.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          name="intent"
          value="suggest"
          disabled={busy}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          <Sparkles className="h-4 w-4" aria-hidden="true" /> Suggest a matched set
        </button>
      </fetcher.Form>

      {error && (
        <div className="mt-6">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}

      <ol className="mt-8 space-y-4" aria-label="Plan">
        {items.map((question, index) => (
          <PlanItem key={question.id} position={index + 1} question={question}>
            <div className="mt-4 flex flex-wrap gap-2">
              <button
                type="button"
                className={control}
                disabled={busy}
                onClick={() => {
                  const form = new FormData();
                  form.set("intent", "another");
                  form.set("slot", question.type);
                  form.set("categorySlug", settings.categorySlug);
                  form.set("engagementLevel", settings.engagementLevel);
                  for (const q of items) form.append("questionIds", q.id);
                  fetcher.submit(form, { method: "post" });
                }}
              >
                <RefreshCw className="h-4 w-4" aria-hidden="true" /> Another
              </button>
              <button
                type="button"
                className={control}
                onClick={() => move(index, index - 1)}
                disabled={index === 0}
                aria-label={`Move question ${index + 1} up`}
              >
                <ArrowUp className="h-4 w-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                className={control}
                onClick={() => move(index, index + 1)}
                disabled={index === items.length - 1}
                aria-label={`Move question ${index + 1} down`}
              >
                <ArrowDown className="h-4 w-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                className={control}
                onClick={() => setItems((list) => list.filter((q) => q.id !== question.id))}
                aria-label={`Remove question ${index + 1}`}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          </PlanItem>
        ))}
      </ol>
      {items.length === 0 && (
        <p className="mt-8 rounded-3xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">
          The plan is empty. Suggest a matched set to start again.
        </p>
      )}

      <Form method="post" className="mt-8 space-y-4 rounded-3xl border border-line bg-white p-5">
        {items.slice(0, PLAN_MAX_QUESTIONS).map((q) => (
          <input key={q.id} type="hidden" name="questionIds" value={q.id} />
        ))}
        <div>
          <label htmlFor={`${id}-title`} className="block text-sm font-semibold text-ink">
            Plan title
          </label>
          <input
            id={`${id}-title`}
            name="title"
            maxLength={PLAN_TITLE_MAX}
            placeholder="Monday team meeting"
            className="mt-1.5 block w-full rounded-xl border border-line bg-white px-3.5 py-2.5 text-ink"
          />
        </div>
        <p className="text-sm text-ink-muted">
          {loaderData.signedIn
            ? "The plan is kept on your account, and anyone with its link can open and present it."
            : "Anyone with the plan's link can open and present it. Sign in to keep your plans on your account."}
        </p>
        <SubmitButton pendingLabel="Saving..." intent="create" disabled={items.length === 0}>
          {loaderData.signedIn ? "Save plan" : "Get share link"}
        </SubmitButton>
      </Form>

      {loaderData.plans.length > 0 && (
        <section aria-labelledby={`${id}-mine`} className="mt-12">
          <h2 id={`${id}-mine`} className="font-serif text-2xl font-semibold text-ink">
            Your plans
          </h2>
          <ul className="mt-4 space-y-2">
            {loaderData.plans.map((plan) => (
              <li key={plan.id}>
                <Link to={`/p/${plan.id}`} className="font-medium text-brand-800 underline">
                  {plan.title}
                </Link>{" "}
                <span className="text-sm text-ink-muted">{formatDay(plan.createdAt.slice(0, 10))}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
