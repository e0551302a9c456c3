import { GenerationError } from "./generator.server";

/** The shape of the OpenAI SDK's errors, as far as the mapping needs it. */
type ProviderError = { status?: number; message?: string; name?: string; error?: { message?: string } };

const NETWORK = /network|fetch|connect|connection|timed? ?out|timeout|ECONNREFUSED|ECONNRESET|ENOTFOUND|socket|abort/i;

/** Maps any provider failure to SPEC section 8's messages, codes and retryability. */
export function toGenerationError(error: unknown): GenerationError {
  if (error instanceof GenerationError) return error;
  const e = (typeof error === "object" && error !== null ? error : { message: String(error) }) as ProviderError;
  const message = e.error?.message ?? e.message ?? "";
  if (/api key/i.test(message) || e.status === 401 || e.status === 403) {
    return new GenerationError("API configuration error. Please check settings.", "API_ERROR", false);
  }
  if (typeof e.status === "number" && e.status > 0) {
    return new GenerationError(e.error?.message || "Failed to generate question", "API_ERROR", e.status >= 500);
  }
  if (NETWORK.test(message) || NETWORK.test(e.name ?? "")) {
    return new GenerationError("Network error. Please check your connection and try again.", "NETWORK_ERROR", true);
  }
  return new GenerationError("Failed to generate question. Please try again.", "GENERATION_ERROR", true);
}
