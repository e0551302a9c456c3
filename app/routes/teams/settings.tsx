import { data, redirect } from "react-router";
import { TeamSettingsPage } from "~/components/teams/TeamSettingsPage";
import { deleteTeam, updateTeamSettings } from "~/domain/teams/teams.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { firstIssue } from "~/shared/accounts-schemas";
import { teamNotice } from "~/shared/team-pages";
import { deleteTeamSchema, teamSettingsSchema, timeZoneChoices } from "~/shared/team-schemas";
import { formBody, statusOf } from "~/web/http.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/settings";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "manage-settings");
  return {
    team: { id: access.teamId, name: access.teamName, timeZone: access.timeZone, role: access.role },
    timeZones: timeZoneChoices(),
    notice: teamNotice(new URL(request.url).searchParams.get("notice")),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await requireTeamPage(request, params.teamId, "manage-settings");
  const form = Object.fromEntries(formBody(context));
  const { db } = await database();
  if (form.intent === "delete") {
    const parsed = deleteTeamSchema.safeParse(form);
    if (!parsed.success) return data({ form: "delete", error: firstIssue(parsed.error) }, { status: 400 });
    const deleted = await deleteTeam(db, access, parsed.data.confirmName);
    if (!deleted.ok) return data({ form: "delete", error: deleted.error.message }, { status: statusOf(deleted.error) });
    throw redirect("/teams?notice=deleted");
  }
  if (form.intent !== "save") return data({ form: "settings", error: "Unknown action" }, { status: 400 });
  const parsed = teamSettingsSchema.safeParse(form);
  if (!parsed.success) return data({ form: "settings", error: firstIssue(parsed.error) }, { status: 400 });
  const saved = await updateTeamSettings(db, access, parsed.data);
  if (!saved.ok) return data({ form: "settings", error: saved.error.message }, { status: statusOf(saved.error) });
  throw redirect(`/teams/${access.teamId}/settings?notice=saved`);
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  seo(matches, {
    title: loaderData ? `Settings of ${loaderData.team.name}` : "Team settings",
    description: "The team's name, time zone, and deleting the team.",
    path: `/teams/${params.teamId}/settings`,
    noindex: true,
  });

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamSettingsPage {...loaderData} result={actionData} />;
}
