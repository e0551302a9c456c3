import { type AppLoadContext, data, redirect } from "react-router";
import { ownEntry } from "~/shared/own-entry";
import type { PeopleActionResult, TeamNotice } from "~/shared/team-pages";
import {
  changeMemberRole,
  handOverTeam,
  inviteByLink,
  inviteByMail,
  leaveOwnTeam,
  removeTeamMember,
  withdrawInvitation,
} from "~/use-cases/teams/teams.server";
import type { AnyUseCase } from "~/use-cases/use-case";
import { type FormFailure, formRefusal, runForPage } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";
import { requireTeamPage } from "~/web/teams.server";

type Page = { request: Request; context: AppLoadContext; params: { teamId: string } };

const fail = (form: string, failed: Pick<FormFailure, "message" | "status">) =>
  data<PeopleActionResult>({ form, error: failed.message }, { status: failed.status });

/**
 * The forms of the people page, each one use case (which holds who may use
 * it): the form a failure is shown beside, and the notice the page shows
 * after it (post, redirect, get). Leaving goes to the list of teams.
 */
const FORMS: Record<string, { useCase: AnyUseCase; form: string; notice: TeamNotice; leaves?: true }> = {
  "invite-email": { useCase: inviteByMail, form: "invite", notice: "invited" },
  revoke: { useCase: withdrawInvitation, form: "invitations", notice: "revoked" },
  role: { useCase: changeMemberRole, form: "people", notice: "role" },
  remove: { useCase: removeTeamMember, form: "people", notice: "removed" },
  transfer: { useCase: handOverTeam, form: "transfer", notice: "transferred" },
  leave: { useCase: leaveOwnTeam, form: "leave", notice: "left", leaves: true },
};

export async function peopleAction(page: Page) {
  const teamId = page.params.teamId;
  const form = Object.fromEntries(formBody(page.context));
  const intent = String(form.intent ?? "");
  const fields = { ...form, teamId };
  if (intent === "invite-link") {
    const invited = await runForPage(inviteByLink, page, fields, teamId);
    if (!invited.ok) return fail("invite", invited);
    // Shown once, on this answer: the token is stored only as its hash, so a redirect could not show it again.
    return data<PeopleActionResult>({ form: "invite", inviteLink: invited.value.inviteLink });
  }
  const chosen = ownEntry(FORMS, intent);
  if (!chosen) {
    // Only the team's people learn that the action is unknown; anyone else gets what they get for the team.
    await requireTeamPage(page.request, teamId, "view");
    return fail("people", formRefusal("UNKNOWN_ACTION"));
  }
  const done = await runForPage(chosen.useCase, page, fields, teamId);
  if (!done.ok) return fail(chosen.form, done);
  throw redirect(`${chosen.leaves ? "/teams" : `/teams/${teamId}/people`}?notice=${chosen.notice}`);
}
