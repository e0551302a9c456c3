import OpenAI from "openai";
import { ENGAGEMENT_LEVELS, MEETING_CONTEXTS } from "~/shared/questions";
import { questionFromAnswer } from "./ai-answer";
import { toGenerationError } from "./ai-errors";
import { GenerationError, type GenerationInput, type QuestionGenerator } from "./generator.server";

export type AiGeneratorOptions = {
  apiKey: string | undefined;
  baseURL: string;
  model: string;
  timeoutMs?: number;
  /** Retries on network errors, timeouts, 429 and 5xx (the SDK's own policy); never on 4xx. */
  maxRetries?: number;
};

const SYSTEM = [
  "You write one question for the start or end of a team meeting, to build psychological safety and connection.",
  "Rules: exactly one question, one sentence, ending with a question mark; no list, no numbering, no quotes, no preamble.",
  "Safe for work and inclusive: answerable by anyone whatever their role, culture, family, body or budget.",
  "Never ask people to disclose health, trauma, money, religion, politics, relationships or age. Answering is an invitation.",
].join(" ");

function prompt(input: GenerationInput, strict: boolean): string {
  const context = MEETING_CONTEXTS.find((c) => c.value === input.meetingContext);
  const engagement = ENGAGEMENT_LEVELS.find((e) => e.value === input.engagementLevel);
  const lines = [
    `Type: ${input.type}. Meeting moment: ${context?.label} (${context?.description}).`,
    `Style: ${input.questionStyle}. Depth: ${engagement?.label} (${engagement?.description}).`,
    input.categorySlug ? `Meeting category: ${input.categorySlug.replaceAll("-", " ")}.` : "",
    input.previousQuestions.length
      ? `Do not repeat or closely rephrase any of these recent questions:\n${input.previousQuestions.map((q) => `- ${q}`).join("\n")}`
      : "",
    strict
      ? "Your last answer broke the rules. Answer with the bare question only: one line, one question mark at the end."
      : "",
    "Answer with the question only.",
  ];
  return lines.filter(Boolean).join("\n");
}

/** A question generator for any OpenAI-compatible chat-completions endpoint (DeepSeek by default). */
export function createAiGenerator(options: AiGeneratorOptions): QuestionGenerator {
  const client = options.apiKey
    ? new OpenAI({
        apiKey: options.apiKey,
        baseURL: options.baseURL,
        timeout: options.timeoutMs ?? 15_000,
        maxRetries: options.maxRetries ?? 2,
      })
    : null;
  const missingKey = () => new GenerationError("DeepSeek API key not configured", "API_KEY_MISSING", false);

  async function ask(input: GenerationInput, strict: boolean, signal?: AbortSignal): Promise<string | null> {
    if (!client) throw missingKey();
    const completion = await client.chat.completions.create(
      {
        model: options.model,
        temperature: 0.9,
        max_tokens: 120,
        messages: [
          { role: "system", content: SYSTEM },
          { role: "user", content: prompt(input, strict) },
        ],
      },
      { signal },
    );
    return questionFromAnswer(completion.choices[0]?.message?.content, input.previousQuestions);
  }

  return {
    name: options.model,
    async generate(input, signal) {
      try {
        // One stricter second try when the answer is not one new, sensible question.
        const question = (await ask(input, false, signal)) ?? (await ask(input, true, signal));
        if (question) return question;
      } catch (error) {
        throw toGenerationError(error);
      }
      throw new GenerationError("Invalid response from server", "INVALID_RESPONSE", true);
    },
    async check() {
      if (!client) return { ok: false, error: missingKey().message };
      try {
        await client.chat.completions.create(
          { model: options.model, max_tokens: 1, messages: [{ role: "user", content: "ping" }] },
          { maxRetries: 0 },
        );
        return { ok: true };
      } catch (error) {
        return { ok: false, error: toGenerationError(error).message };
      }
    },
  };
}
