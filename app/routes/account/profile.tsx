import { ApiTokensSection } from "~/components/account/ApiTokensSection";
import { DataSection } from "~/components/account/DataSection";
import { DeleteAccountSection } from "~/components/account/DeleteAccountSection";
import { EmailSection } from "~/components/account/EmailSection";
import { HistorySection } from "~/components/account/HistorySection";
import { NameSection } from "~/components/account/NameSection";
import { PasswordSection } from "~/components/account/PasswordSection";
import { ProductNewsSection } from "~/components/account/ProductNewsSection";
import { ProfileHeading } from "~/components/account/ProfileHeading";
import { ProfileNotice } from "~/components/account/ProfileNotice";
import { SessionsSection } from "~/components/account/SessionsSection";
import { SubmissionsSection } from "~/components/account/SubmissionsSection";
import { TwoFactorSection } from "~/components/account/TwoFactorSection";
import { listTokens } from "~/domain/accounts/api-tokens.server";
import { listSubmissions } from "~/domain/community/submissions.server";
import { productNewsConsent } from "~/domain/news/consent.server";
import { listHistory } from "~/domain/questions/history.server";
import { listTeamsOf } from "~/domain/teams/teams.server";
import { seo } from "~/lib/seo";
import { database, getAuth } from "~/services.server";
import { requireUser } from "~/web/session.server";
import type { Route } from "./+types/profile";
import { profileAction } from "./profile-actions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const auth = await getAuth();
  const { db } = await database();
  const historyPage = Number(new URL(request.url).searchParams.get("history")) || 1;
  const [sessions, accounts, submissions, history, newsConsent, tokens, teams] = await Promise.all([
    auth.api.listSessions({ headers: request.headers }),
    auth.api.listUserAccounts({ headers: request.headers }),
    listSubmissions(db, user.id),
    listHistory(db, user.id, historyPage, 10),
    productNewsConsent(db, user.id),
    listTokens(db, { userId: user.id }),
    listTeamsOf(db, user.id),
  ]);
  return {
    productNews: newsConsent !== null,
    tokens,
    teams: teams.map((team) => ({ id: team.teamId, name: team.name })),
    submissions,
    history,
    user: {
      name: user.name,
      email: user.email,
      plan: user.plan,
      isAdmin: user.isAdmin,
      twoFactorEnabled: user.twoFactorEnabled,
    },
    hasPassword: accounts.some((a) => a.providerId === "credential"),
    providers: accounts.map((a) => a.providerId).filter((p) => p !== "credential"),
    sessions: sessions
      .map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        userAgent: s.userAgent ?? null,
        ipAddress: s.ipAddress ?? null,
        current: s.id === user.sessionId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || +new Date(b.createdAt) - +new Date(a.createdAt)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  return profileAction(request, context, user);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Your profile", description: "Your CircleUp account.", path: "/profile", noindex: true });

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, hasPassword, sessions, submissions, history, productNews, tokens, teams } = loaderData;
  const result = actionData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <ProfileHeading email={user.email} plan={user.plan} isAdmin={user.isAdmin} />
      <div className="mt-8 space-y-6">
        <ProfileNotice />
        <NameSection name={user.name} result={result} />
        {hasPassword && <PasswordSection result={result} />}
        <SubmissionsSection submissions={submissions} />
        <HistorySection history={history} />
        <EmailSection result={result} />
        <ProductNewsSection subscribed={productNews} result={result} />
        <TwoFactorSection enabled={user.twoFactorEnabled} hasPassword={hasPassword} result={result} />
        <SessionsSection sessions={sessions} result={result} />
        <ApiTokensSection tokens={tokens} teams={teams} result={result?.section === "tokens" ? result : undefined} />
        <DataSection />
        <DeleteAccountSection hasPassword={hasPassword} result={result} />
      </div>
    </div>
  );
}
