import type { Database } from "~/db/database.server";
import type { CandidatesRequest, FollowUpRequest, RewriteRequest } from "~/shared/directed-ai-schemas";
import { offeredEngagement, type ServedQuestion, typeForContext } from "~/shared/questions";
import { categoryIndex } from "../categories.server";
import { failure, type Outcome } from "../errors";
import { teamAccess } from "../teams/access.server";
import { type DirectedMember, mayDirectAi } from "./directed-access.server";
import { candidatePrompt, followUpPrompt, rewritePrompt } from "./directed-prompts.server";
import { type DirectedLabels, type DirectedOwner, readSourceQuestion, storeDirected } from "./directed-storage.server";
import { type DirectedPrompt, type DirectedWriter, GenerationError } from "./generator.server";
import { GENERATION_BUDGET_MS } from "./serve-question.server";

export type DirectedDeps = {
  db: Database;
  /** The configured provider; null when none is, and directed requests say so. */
  writer: DirectedWriter | null;
};

export type DirectedResult = Outcome<{ questions: ServedQuestion[]; notice?: string }>;

export const KEPT_PRIVATE_IN_TEAM =
  "Only the team's owner and facilitators add questions to the team, so these are kept as your private questions.";

/** The provider's answer to one prompt; a rejected answer twice in a row becomes a clear refusal. */
async function writeOne(writer: DirectedWriter, prompt: DirectedPrompt): Promise<string> {
  try {
    return await writer.write(prompt, AbortSignal.timeout(GENERATION_BUDGET_MS));
  } catch (error) {
    if (error instanceof GenerationError && error.code === "INVALID_RESPONSE") {
      throw new GenerationError({ code: "INVALID_RESPONSE", params: { directed: true } }, true);
    }
    throw error;
  }
}

/**
 * The checks every directed request passes before the provider is asked:
 * Premium (or a Premium team owner's meeting), then a configured provider.
 * In a team's meeting the member reads the team's questions, but the results
 * become the team's own only for someone who may curate them (the rule of
 * writing a team question directly); anyone else keeps them as private
 * questions and is told so. Failures of the provider come back as a
 * GenerationError's message, and nothing is stored unless every question
 * asked for was written.
 */
async function direct(
  deps: DirectedDeps,
  member: DirectedMember,
  teamId: string | null,
  work: (writer: DirectedWriter, reader: DirectedOwner, keeper: DirectedOwner) => Promise<DirectedResult>,
): Promise<DirectedResult> {
  const allowed = await mayDirectAi(deps.db, member, teamId);
  if (!allowed.ok) return allowed;
  if (!deps.writer) return failure("API_KEY_MISSING", { directed: true });
  const curates = teamId !== null && (await teamAccess(deps.db, teamId, member.id, "curate")).ok;
  const reader = { userId: member.id, teamId };
  const keeper = { userId: member.id, teamId: curates ? teamId : null };
  try {
    const result = await work(deps.writer, reader, keeper);
    return result.ok && teamId && !curates ? { ...result, notice: KEPT_PRIVATE_IN_TEAM } : result;
  } catch (error) {
    if (error instanceof GenerationError) return { ok: false, error };
    throw error;
  }
}

/** One or three new questions for a choice, each different from the others, shaped by the context. */
export function directCandidates(
  deps: DirectedDeps,
  member: DirectedMember,
  request: CandidatesRequest,
): Promise<DirectedResult> {
  const teamId = request.teamId ?? null;
  return direct(deps, member, teamId, async (writer, _reader, keeper) => {
    const engagementLevel = offeredEngagement(request.meetingContext, request.engagementLevel);
    const input = {
      type: typeForContext(request.meetingContext),
      meetingContext: request.meetingContext,
      questionStyle: request.questionStyle,
      engagementLevel,
      categorySlug: request.categorySlug,
      previousQuestions: [],
    };
    const texts: string[] = [];
    // One after another, so each candidate is asked to differ from those already written.
    for (let n = 0; n < request.count; n++)
      texts.push(await writeOne(writer, candidatePrompt(input, request.context, texts)));
    const index = await categoryIndex(deps.db);
    const labels: DirectedLabels = {
      type: input.type,
      meetingContext: input.meetingContext,
      questionStyle: input.questionStyle,
      engagementLevel,
      categoryId: input.categorySlug ? (index.idBySlug.get(input.categorySlug) ?? null) : null,
    };
    return storeDirected(deps.db, keeper, texts, labels);
  });
}

/** A question the member may read, answered by the AI in their way: a rewrite or a follow-up, with its labels. */
async function fromSource(
  deps: DirectedDeps,
  member: DirectedMember,
  request: { questionId: string; teamId?: string | undefined },
  promptFor: (source: string) => DirectedPrompt,
): Promise<DirectedResult> {
  const teamId = request.teamId ?? null;
  return direct(deps, member, teamId, async (writer, reader, keeper) => {
    const source = await readSourceQuestion(deps.db, reader, request.questionId);
    if (!source) return failure("SOURCE_QUESTION_NOT_FOUND");
    const text = await writeOne(writer, promptFor(source.question));
    const { type, meetingContext, questionStyle, engagementLevel, categoryId } = source;
    return storeDirected(deps.db, keeper, [text], { type, meetingContext, questionStyle, engagementLevel, categoryId });
  });
}

/** The question in another tone (more serious, more playful, shorter, simpler English, more inclusive). */
export function directRewrite(deps: DirectedDeps, member: DirectedMember, request: RewriteRequest) {
  return fromSource(deps, member, request, (source) => rewritePrompt(source, request.tone, request.context));
}

/** A follow-up to the question, for once the room has answered it. */
export function directFollowUp(deps: DirectedDeps, member: DirectedMember, request: FollowUpRequest) {
  return fromSource(deps, member, request, (source) => followUpPrompt(source, request.context));
}
