import { ProfilePage } from "~/components/account/ProfilePage";
import { listSubmissions } from "~/domain/community/submissions.server";
import { listHistory } from "~/domain/questions/history.server";
import { seo } from "~/lib/seo";
import { database, getAuth } from "~/services.server";
import type { ProfileActionResult } from "~/shared/accounts";
import { requireUser } from "~/web/session.server";
import type { Route } from "./+types/profile";
import { profileAction } from "./profile-actions.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const auth = await getAuth();
  const { db } = await database();
  const historyPage = Number(new URL(request.url).searchParams.get("history")) || 1;
  const [sessions, accounts, submissions, history] = await Promise.all([
    auth.api.listSessions({ headers: request.headers }),
    auth.api.listUserAccounts({ headers: request.headers }),
    listSubmissions(db, user.id),
    listHistory(db, user.id, historyPage, 10),
  ]);
  return {
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

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  return profileAction(request, user);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Your profile", description: "Your CircleUp account.", path: "/profile", noindex: true });

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage data={loaderData} result={actionData as ProfileActionResult | undefined} />;
}
