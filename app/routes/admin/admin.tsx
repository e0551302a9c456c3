import { data, Form } from "react-router";
import { ActivityChart } from "~/components/admin/ActivityChart";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { Search, ShieldCheck } from "~/components/icons";
import { CommunityCard } from "~/components/questions/CommunityCard";
import { findUserIdByEmail, getProfile } from "~/domain/accounts/profiles.server";
import { changeAccess } from "~/domain/admin/access.server";
import { recentAudit } from "~/domain/admin/audit.server";
import { moderateQuestion, moderationQueue } from "~/domain/admin/questions.server";
import { dailyActivity } from "~/domain/analytics/events.server";
import { findQuestions } from "~/domain/community/list.server";
import { seo } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { emailOnlySchema } from "~/shared/accounts";
import { moderationSchema } from "~/shared/community-schemas";
import { questionIdParam } from "~/web/http.server";
import { requireAdminPage } from "~/web/session.server";
import type { Route } from "./+types/admin";

async function findUser(email: string | null) {
  if (!email) return { query: "", found: null, searched: false };
  const parsed = emailOnlySchema.safeParse({ email });
  if (!parsed.success) return { query: email, found: null, searched: true };
  const { db } = await database();
  const userId = await findUserIdByEmail(db, parsed.data.email);
  return { query: email, found: userId ? await getProfile(db, userId) : null, searched: true };
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  const { db } = await database();
  const params = new URL(request.url).searchParams;
  const text = params.get("q")?.trim() ?? "";
  const [users, queue, audit, found, activity] = await Promise.all([
    findUser(params.get("email")),
    moderationQueue(db),
    recentAudit(db, 20),
    text.length >= 2 ? findQuestions(db, text, admin.id) : Promise.resolve(null),
    dailyActivity(db, 30),
  ]);
  return { ...users, queue, audit, questionSearch: { text, found }, activity };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Admin", description: "Administer CircleUp.", path: "/admin", noindex: true });

const CHANGES = {
  "grant-admin": { isAdmin: true },
  "revoke-admin": { isAdmin: false },
  "grant-premium": { plan: "premium" },
  "revoke-premium": { plan: "free" },
} as const;

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminPage(request);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  if (intent === "approve" || intent === "reject") {
    const parsed = moderationSchema.safeParse({ decision: intent, reason: form.get("reason") || undefined });
    if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Invalid" }, { status: 400 });
    const questionId = questionIdParam(String(form.get("questionId") ?? ""));
    const { db } = await database();
    const result = await moderateQuestion(db, admin.id, questionId, parsed.data.decision, parsed.data.reason);
    if (!result.ok) return data({ error: result.error }, { status: result.status });
    return { success: intent === "approve" ? "Approved: the question is public now." : "Rejected." };
  }
  const change = CHANGES[intent as keyof typeof CHANGES];
  const userId = String(form.get("userId") ?? "");
  if (!change || !userId) return data({ error: "Unknown action" }, { status: 400 });
  const { db } = await database();
  const result = await changeAccess(db, admin.id, userId, change);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return { success: `Saved: ${result.profile.fullName} is now ${describe(result.profile)}.` };
}

const describe = (p: { isAdmin: boolean; plan: string }) =>
  `${p.isAdmin ? "an admin" : "not an admin"} on the ${p.plan} plan`;

/** The admin console; users first (the moderation queue and analytics join it with the community features). */
export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { query, found, searched, queue, audit, questionSearch, activity } = loaderData;
  const viewer = useViewer();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="flex items-center gap-3 font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
        <ShieldCheck className="h-8 w-8 text-brand-700" aria-hidden="true" />
        Admin
      </h1>
      <section aria-labelledby="activity-title" className="mt-8 rounded-3xl border border-line bg-white p-6 sm:p-8">
        <h2 id="activity-title" className="font-serif text-2xl font-semibold text-ink">
          Activity
        </h2>
        <div className="mt-4">
          <ActivityChart data={activity} />
        </div>
      </section>

      <section aria-labelledby="queue-title" className="mt-8 rounded-3xl border border-line bg-white p-6 sm:p-8">
        <h2 id="queue-title" className="font-serif text-2xl font-semibold text-ink">
          Waiting for review ({queue.length})
        </h2>
        {queue.length === 0 ? (
          <p className="mt-3 text-ink-muted">Nothing to review. Submitted questions appear here.</p>
        ) : (
          <ul className="mt-4 divide-y divide-line">
            {queue.map((q) => (
              <li key={q.id} className="py-4">
                <p className="text-ink">{q.question}</p>
                <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
                  <input type="hidden" name="questionId" value={q.id} />
                  <TextField label="Reason if rejected (optional)" name="reason" className="flex-1" />
                  <SubmitButton intent="approve" pendingLabel="Saving...">
                    Approve
                  </SubmitButton>
                  <SubmitButton intent="reject" pendingLabel="Saving..." variant="secondary">
                    Reject
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="manage-title" className="mt-8 rounded-3xl border border-line bg-white p-6 sm:p-8">
        <h2 id="manage-title" className="font-serif text-2xl font-semibold text-ink">
          Questions
        </h2>
        <Form method="get" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            label="Find questions by their text"
            name="q"
            defaultValue={questionSearch.text}
            className="flex-1"
          />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <Search className="h-4 w-4" aria-hidden="true" />
            Find
          </button>
        </Form>
        {questionSearch.found && (
          <div className="mt-6">
            {questionSearch.found.length === 0 ? (
              <p className="text-ink-muted">No question contains “{questionSearch.text}”.</p>
            ) : (
              <ul className="space-y-4">
                {questionSearch.found.map((q) => (
                  <li key={q.id}>
                    <CommunityCard question={q} viewer={viewer} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="users-title" className="mt-8 rounded-3xl border border-line bg-white p-6 sm:p-8">
        <h2 id="users-title" className="font-serif text-2xl font-semibold text-ink">
          Users
        </h2>
        <Form method="get" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField label="Find a user by email" name="email" type="email" defaultValue={query} className="flex-1" />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <Search className="h-4 w-4" aria-hidden="true" />
            Find
          </button>
        </Form>
        <div className="mt-6 space-y-4">
          {actionData && "error" in actionData && <FormMessage tone="error">{actionData.error}</FormMessage>}
          {actionData && "success" in actionData && <FormMessage tone="success">{actionData.success}</FormMessage>}
          {searched && !found && <p className="text-ink-muted">No account uses that address.</p>}
          {found && (
            <div className="rounded-2xl border border-line p-4">
              <p className="font-semibold text-ink">{found.fullName}</p>
              <p className="text-sm text-ink-muted">
                {found.email}: {describe(found)}
              </p>
              <Form method="post" className="mt-4 flex flex-wrap gap-2">
                <input type="hidden" name="userId" value={found.userId} />
                <SubmitButton
                  intent={found.isAdmin ? "revoke-admin" : "grant-admin"}
                  pendingLabel="Saving..."
                  variant="secondary"
                >
                  {found.isAdmin ? "Revoke admin" : "Make admin"}
                </SubmitButton>
                <SubmitButton
                  intent={found.plan === "premium" ? "revoke-premium" : "grant-premium"}
                  pendingLabel="Saving..."
                  variant="secondary"
                >
                  {found.plan === "premium" ? "Move to free plan" : "Grant premium"}
                </SubmitButton>
              </Form>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="audit-title" className="mt-8 rounded-3xl border border-line bg-white p-6 sm:p-8">
        <h2 id="audit-title" className="font-serif text-2xl font-semibold text-ink">
          Audit log
        </h2>
        {audit.length === 0 ? (
          <p className="mt-3 text-ink-muted">No admin actions yet.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    When (UTC)
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Who
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Action
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Before
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    After
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line align-top text-ink">
                {audit.map((a) => (
                  <tr key={a.id}>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      {new Date(a.createdAt).toISOString().slice(0, 16).replace("T", " ")}
                    </td>
                    <td className="py-2 pr-4">{a.actor}</td>
                    <td className="py-2 pr-4">{a.action}</td>
                    <td className="py-2 pr-4 break-all font-mono text-xs">
                      {a.before ? JSON.stringify(a.before) : ""}
                    </td>
                    <td className="py-2 break-all font-mono text-xs">{a.after ? JSON.stringify(a.after) : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
