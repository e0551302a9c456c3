import { type AppLoadContext, data, redirect } from "react-router";
import type { z } from "zod";
import { config } from "~/config.server";
import type { Outcome } from "~/domain/errors";
import { LIMITS } from "~/domain/limits/rules";
import type { TeamAccess } from "~/domain/teams/access.server";
import {
  createLinkInvitation,
  invitationPath,
  inviteByEmail,
  revokeInvitation,
} from "~/domain/teams/invitations.server";
import { changeRole, leaveTeam, removeMember, transferOwnership } from "~/domain/teams/people.server";
import { database, sendEmail } from "~/services.server";
import { firstIssue } from "~/shared/accounts-schemas";
import { ownEntry } from "~/shared/own-entry";
import type { PeopleActionResult, TeamNotice } from "~/shared/team-pages";
import {
  emailInvitationSchema,
  invitationIdSchema,
  linkInvitationSchema,
  memberSchema,
  roleChangeSchema,
} from "~/shared/team-schemas";
import type { TeamAbility } from "~/shared/teams";
import { formBody, statusOf } from "~/web/http.server";
import { overLimit } from "~/web/limits.server";
import { getUser } from "~/web/session.server";

type Form = Record<string, FormDataEntryValue>;
type Answer = ReturnType<typeof data<PeopleActionResult>>;
type Handler = (access: TeamAccess, form: Form, request: Request) => Promise<Answer>;

/** What each form of the people page needs; leaving is for everyone in the team. */
export function abilityFor(intent: string): TeamAbility {
  return intent === "leave" || !ownEntry(HANDLERS, intent) ? "view" : "manage-people";
}

export function peopleIntent(context: AppLoadContext): { intent: string; form: Form } {
  const form = Object.fromEntries(formBody(context));
  return { intent: String(form.intent ?? ""), form };
}

const fail = (form: string, error: string, status = 400) => data<PeopleActionResult>({ form, error }, { status });

/** Parses the form, or answers its first problem. */
function parse<T>(formName: string, schema: z.ZodType<T>, form: Form): { data: T } | { answer: Answer } {
  const parsed = schema.safeParse(form);
  return parsed.success ? { data: parsed.data } : { answer: fail(formName, firstIssue(parsed.error)) };
}

/** A failed outcome as the form's message, or the page again with its notice (post, redirect, get). */
function finish(access: TeamAccess, formName: string, outcome: Outcome, notice: TeamNotice, to?: string): Answer {
  if (!outcome.ok) return fail(formName, outcome.error.message, statusOf(outcome.error));
  throw redirect(`${to ?? `/teams/${access.teamId}/people`}?notice=${notice}`);
}

async function limited(access: TeamAccess, formName: string): Promise<Answer | null> {
  const over = await overLimit(LIMITS.invitations, { userId: access.userId });
  return over ? fail(formName, over.message, 429) : null;
}

const HANDLERS: Record<string, Handler> = {
  async "invite-link"(access, form) {
    const input = parse("invite", linkInvitationSchema, form);
    if ("answer" in input) return input.answer;
    const over = await limited(access, "invite");
    if (over) return over;
    const outcome = await createLinkInvitation((await database()).db, access, input.data.role);
    if (!outcome.ok) return fail("invite", outcome.error.message, statusOf(outcome.error));
    // Shown once, on this answer: the token is stored only as its hash, so a redirect could not show it again.
    return data<PeopleActionResult>({
      form: "invite",
      inviteLink: `${config().publicUrl}${invitationPath(outcome.token)}`,
    });
  },

  async "invite-email"(access, form, request) {
    const input = parse("invite", emailInvitationSchema, form);
    if ("answer" in input) return input.answer;
    const over = await limited(access, "invite");
    if (over) return over;
    const inviter = await getUser(request);
    const { appName, publicUrl } = config();
    const outcome = await inviteByEmail((await database()).db, access, input.data, {
      appName,
      publicUrl,
      inviterName: inviter?.name ?? "",
      send: sendEmail,
    });
    return finish(access, "invite", outcome, "invited");
  },

  async revoke(access, form) {
    const input = parse("invitations", invitationIdSchema, form);
    if ("answer" in input) return input.answer;
    return finish(
      access,
      "invitations",
      await revokeInvitation((await database()).db, access, input.data.invitationId),
      "revoked",
    );
  },

  async role(access, form) {
    const input = parse("people", roleChangeSchema, form);
    if ("answer" in input) return input.answer;
    const outcome = await changeRole((await database()).db, access, input.data.userId, input.data.role);
    return finish(access, "people", outcome, "role");
  },

  async remove(access, form) {
    const input = parse("people", memberSchema, form);
    if ("answer" in input) return input.answer;
    return finish(access, "people", await removeMember((await database()).db, access, input.data.userId), "removed");
  },

  async transfer(access, form) {
    const input = parse("transfer", memberSchema, form);
    if ("answer" in input) return input.answer;
    const outcome = await transferOwnership((await database()).db, access, input.data.userId);
    return finish(access, "transfer", outcome, "transferred");
  },

  async leave(access) {
    return finish(access, "leave", await leaveTeam((await database()).db, access), "left", "/teams");
  },
};

export async function peopleAction(access: TeamAccess, intent: string, form: Form, request: Request): Promise<Answer> {
  const handler = ownEntry(HANDLERS, intent);
  if (!handler) return fail("people", "Unknown action");
  return handler(access, form, request);
}
