import { ActivitySection } from "~/components/admin/ActivitySection";
import { AuditLog } from "~/components/admin/AuditLog";
import { LibraryCoverage } from "~/components/admin/LibraryCoverage";
import { ModerationQueue } from "~/components/admin/ModerationQueue";
import { ProductNewsForm } from "~/components/admin/ProductNewsForm";
import { QuestionSearch } from "~/components/admin/QuestionSearch";
import { UserAccess } from "~/components/admin/UserAccess";
import { ShieldCheck } from "~/components/icons";
import { findUserIdByEmail, getProfile } from "~/domain/accounts/profiles.server";
import { recentAudit } from "~/domain/admin/audit.server";
import { moderationQueue } from "~/domain/admin/questions.server";
import { dailyActivity } from "~/domain/analytics/events.server";
import { findQuestions } from "~/domain/community/list.server";
import { productNewsAudience } from "~/domain/news/product-news.server";
import { libraryCoverage } from "~/domain/questions/library-coverage.server";
import { seo } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { describeAccess } from "~/shared/access";
import { emailOnlySchema } from "~/shared/accounts-schemas";
import { ownEntry } from "~/shared/own-entry";
import { changeUserAccess, moderateSubmission } from "~/use-cases/admin/admin.server";
import { formError, formRefusal, runForPage } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";
import { requireAdminPage } from "~/web/session.server";
import type { Route } from "./+types/admin";
import { sendNewsAction } from "./news-action.server";

export { privatePageHeaders as headers } from "~/web/private-page.server";

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
  const [users, queue, audit, found, activity, coverage, newsAudience] = await Promise.all([
    findUser(params.get("email")),
    moderationQueue(db),
    recentAudit(db, 20),
    text.length >= 2 ? findQuestions(db, text, admin.id) : Promise.resolve(null),
    dailyActivity(db, 30),
    libraryCoverage(db),
    productNewsAudience(db),
  ]);
  return { ...users, queue, audit, questionSearch: { text, found }, activity, coverage, newsAudience };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Admin", description: "Administer CircleUp.", path: "/admin", noindex: true });

const CHANGES = {
  "grant-admin": { isAdmin: true },
  "revoke-admin": { isAdmin: false },
  "grant-premium": { plan: "premium" },
  "revoke-premium": { plan: "free" },
} as const;

export async function action(args: Route.ActionArgs) {
  const form = formBody(args.context);
  const intent = String(form.get("intent"));
  if (intent === "news") return sendNewsAction(args, form);
  if (intent === "approve" || intent === "reject") {
    const reason = form.get("reason") || undefined;
    const input = { questionId: String(form.get("questionId") ?? ""), decision: intent, reason };
    const moderated = await runForPage(moderateSubmission, args, input);
    if (!moderated.ok) return formError(moderated);
    return { success: intent === "approve" ? "Approved: the question is public now." : "Rejected." };
  }
  const change = ownEntry<(typeof CHANGES)[keyof typeof CHANGES]>(CHANGES, intent);
  const userId = String(form.get("userId") ?? "");
  if (!change || !userId) return formError(formRefusal("UNKNOWN_ACTION"));
  const changed = await runForPage(changeUserAccess, args, { userId, ...change });
  if (!changed.ok) return formError(changed);
  return { success: `Saved: ${changed.value.user.fullName} is now ${describeAccess(changed.value.user)}.` };
}

/** The admin console: activity, the moderation queue, questions, users and the audit log. */
export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { query, found, searched, queue, audit, questionSearch, activity, coverage, newsAudience } = loaderData;
  const news = actionData && "news" in actionData ? actionData.news : undefined;
  const outcome = actionData && "news" in actionData ? undefined : actionData;
  const viewer = useViewer();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="flex items-center gap-3 font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
        <ShieldCheck className="h-8 w-8 text-brand-700" aria-hidden="true" />
        Admin
      </h1>
      <ActivitySection activity={activity} />
      <ModerationQueue queue={queue} />
      <LibraryCoverage coverage={coverage} />
      <QuestionSearch text={questionSearch.text} found={questionSearch.found} viewer={viewer} />
      <UserAccess query={query} searched={searched} found={found} outcome={outcome} />
      <ProductNewsForm audience={newsAudience} outcome={news} />
      <AuditLog audit={audit} />
    </div>
  );
}
