/** The longest context a member may give the AI: a few sentences about the team or the meeting. */
export const DIRECTED_CONTEXT_MAX = 500;

/** How many candidates one request may ask for: one, or three to choose from. */
export const CANDIDATE_COUNTS = [1, 3] as const;

/** The tones a question can be rewritten in, with the words a member sees. */
export const DIRECTED_TONES = [
  { value: "more-serious", label: "More serious" },
  { value: "more-playful", label: "More playful" },
  { value: "shorter", label: "Shorter" },
  { value: "simpler-english", label: "Simpler English" },
  { value: "more-inclusive", label: "More inclusive" },
] as const;
export type DirectedTone = (typeof DIRECTED_TONES)[number]["value"];
export const DIRECTED_TONE_VALUES = DIRECTED_TONES.map((t) => t.value) as [DirectedTone, ...DirectedTone[]];

/** What a free member is told, by the API and the studio alike. */
export const DIRECTED_AI_IS_PREMIUM =
  "Directing the AI is part of Premium: give it your team's context, get three questions to choose from, rewrite any question in a tone and ask for a follow-up.";
