import type { CodedError } from "~/shared/errors/codes";
import type {
  EngagementLevel,
  GenerationErrorCode,
  MeetingContext,
  QuestionStyle,
  QuestionType,
} from "~/shared/questions";
import { DomainError } from "../errors";

/** What the AI question generator is asked for. */
export type GenerationInput = {
  type: QuestionType;
  meetingContext: MeetingContext;
  questionStyle: QuestionStyle;
  engagementLevel: EngagementLevel;
  /** Category slug, when the question is for one meeting category. */
  categorySlug: string | null;
  /** The last questions shown (at most 5 are used): the answer must differ from all of them. */
  previousQuestions: string[];
};

/** One interface for every source of new questions. */
export interface QuestionGenerator {
  /** "offline", or the provider's model such as "deepseek-chat". */
  readonly name: string;
  /** Resolves with one question text (no surrounding quotes), or rejects with a GenerationError. */
  generate(input: GenerationInput, signal?: AbortSignal): Promise<string>;
  /** A cheap round trip proving the provider is reachable and the key works, such as a 1-token completion. */
  check(): Promise<{ ok: boolean; error?: string }>;
}

/**
 * One request for a question shaped by a member's direction (directed-prompts.server.ts):
 * the prompts, and the questions the answer must differ from.
 */
export type DirectedPrompt = {
  system: string;
  /** The user message; on the second try it says why the first answer was rejected. */
  user: (rejectedBecause?: string) => string;
  /** The source question and the other candidates: a repeat of any is rejected. */
  mustDiffer: readonly string[];
};

/** The provider answering directed requests, with the same validation and one stricter retry as `generate`. */
export interface DirectedWriter {
  write(prompt: DirectedPrompt, signal?: AbortSignal): Promise<string>;
}

/** A generation failure with the generator contract's code and retryability. */
export class GenerationError extends DomainError<GenerationErrorCode> {
  override name = "GenerationError";
  constructor(error: Extract<CodedError, { code: GenerationErrorCode }>, retryable: boolean) {
    super(error, { retryable });
  }
}
