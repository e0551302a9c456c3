import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { questions, teamHiddenQuestions, teamMembers } from "~/db/schema";

/**
 * A team's own question stays the team's while it is private ('team'),
 * waiting for review ('pending') and after the community turned it down
 * ('rejected'): served in the team's meetings, shown on its pages, never to
 * anyone else. Approved ('published') it is everyone's.
 */
export const TEAM_OWN_STATUSES = ["team", "pending", "rejected"] as const;

/** Questions this team may see and use: everything published and its own questions. */
export function visibleToTeam(teamId: string): SQL {
  return or(
    eq(questions.status, "published"),
    and(eq(questions.teamId, teamId), inArray(questions.status, [...TEAM_OWN_STATUSES])),
  ) as SQL;
}

/**
 * Questions the team may ask in its meetings and rounds: the ones it may
 * see, except those it said are "not for this team".
 */
export function askableByTeam(teamId: string): SQL {
  return and(
    visibleToTeam(teamId),
    sql`not exists (select 1 from ${teamHiddenQuestions} where ${teamHiddenQuestions.teamId} = ${teamId} and ${teamHiddenQuestions.questionId} = ${questions.id})`,
  ) as SQL;
}

/**
 * Questions this person may see: everything published, the own questions of
 * the teams they are in, and their private questions (written for them by
 * Premium's AI, status 'private', seen by their author only).
 */
export function visibleToViewer(viewerId: string | null): SQL {
  if (!viewerId) return eq(questions.status, "published");
  return or(
    eq(questions.status, "published"),
    and(eq(questions.status, "private"), eq(questions.authorId, viewerId)),
    and(
      inArray(questions.status, [...TEAM_OWN_STATUSES]),
      sql`${questions.teamId} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${viewerId})`,
    ),
  ) as SQL;
}
