import { z } from "zod";
import { questionTextSchema, submissionSchema } from "./community-schemas";

/** How a question was used in a team's meeting. */
export const TEAM_USES = ["presented", "live", "asked"] as const;
export type TeamUse = (typeof TEAM_USES)[number];

/** A history entry that is not a use: a host drew the question for a series' next meeting. */
export const TEAM_DRAWN = "drawn";
export type TeamHistoryHow = TeamUse | typeof TEAM_DRAWN;

export const TEAM_USE_LABELS: Record<TeamHistoryHow, string> = {
  presented: "Presented",
  live: "Live round",
  asked: "Marked as asked",
  drawn: "Drawn for the next meeting",
};

/** POST /api/v1/teams/:teamId/uses: a question used in one of the team's meetings. */
export const teamUseSchema = z.object({
  questionId: z.uuid({ error: "questionId must be a question id" }).transform((id) => id.toLowerCase()),
  how: z.enum(TEAM_USES, { error: `how must be one of ${TEAM_USES.join(", ")}` }),
  meetingId: z
    .uuid({ error: "meetingId must be a meeting id" })
    .transform((id) => id.toLowerCase())
    .optional(),
});

/** A team's private question: the same rules as a member's submission. */
export const teamQuestionSchema = submissionSchema;

/** Editing a private question changes its text only. */
export const teamQuestionEditSchema = z.object({ question: questionTextSchema });

/** The history page's place. */
export const teamHistoryQuerySchema = z.object({ page: z.coerce.number().int().min(1).catch(1) });
