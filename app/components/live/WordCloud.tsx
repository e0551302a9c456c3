import { LIVE_TOP_WORDS } from "~/shared/live";
import { cloudOf } from "~/shared/live-view";

export type Tone = "dark" | "light";

/**
 * Type sizes by weight (1 to 5): the room's screen is read from across the
 * room and sized by its height (so 40 words fit a 720p screen), a phone's from a hand.
 */
const SIZES = {
  screen: ["text-[2.8vh]", "text-[3.6vh]", "text-[5vh]", "text-[6.4vh]", "text-[8.4vh]"],
  phone: ["text-base", "text-lg", "text-2xl", "text-3xl", "text-4xl"],
} as const;

const COLORS: Record<Tone, readonly string[]> = {
  dark: ["text-brand-100", "text-brand-100", "text-white", "text-white", "text-accent-400"],
  light: ["text-ink-muted", "text-ink-muted", "text-brand-700", "text-brand-800", "text-accent-600"],
};

type Props = {
  /** Every word said and how often (the results' counts). */
  words: { word: string; count: number }[];
  size?: keyof typeof SIZES;
  tone?: Tone;
  limit?: number;
};

/** The answers' words, larger the more people said them; each word's count is read out with it. */
export function WordCloud({ words: counted, size = "phone", tone = "light", limit = LIVE_TOP_WORDS }: Props) {
  const words = cloudOf(counted, limit);
  if (words.length === 0) return <p className={tone === "dark" ? "text-brand-100" : "text-ink-muted"}>No words yet.</p>;
  return (
    <ul
      aria-label="Word cloud"
      className="flex flex-wrap items-baseline justify-center gap-x-5 gap-y-2 text-center leading-tight"
    >
      {words.map(({ word, count, weight }) => (
        <li
          key={word}
          className={`font-serif font-semibold break-words ${SIZES[size][weight - 1]} ${COLORS[tone][weight - 1]}`}
        >
          {word}
          <span className="sr-only">
            , {count} {count === 1 ? "person" : "people"}
          </span>
        </li>
      ))}
    </ul>
  );
}
