import type { EngagementLevel, MeetingContext, QuestionStyle } from "./questions";

/**
 * The meeting categories CircleUp serves, shared by client and server. Each
 * names the depth its guide (content/guides) recommends: the category page's
 * generator starts on it.
 */
export const CATEGORIES = [
  {
    slug: "ice-breaker-questions",
    name: "Ice Breakers",
    description: "Light, inclusive openers that help a new or mixed group start talking.",
    /** A short line on the home page card about when the category fits best. */
    highlight: "Best for new or mixed groups",
    depth: "quick",
  },
  {
    slug: "remote-teams",
    name: "Remote Teams",
    description: "Questions that build connection across screens, time zones and home offices.",
    highlight: "Best for distributed teams",
    depth: "standard",
  },
  {
    slug: "daily-standup",
    name: "Daily Standup",
    description: "Quick prompts that warm up a standup without stretching it past fifteen minutes.",
    highlight: "Thirty seconds each",
    depth: "quick",
  },
  {
    slug: "team-building",
    name: "Team Building",
    description: "Prompts that build trust and show how each person likes to work.",
    highlight: "Best for offsites and new teams",
    depth: "standard",
  },
  {
    slug: "retrospectives",
    name: "Retrospectives",
    description: "Openers and closers that help a team look back honestly and without blame.",
    highlight: "Opens and closes the retro",
    depth: "standard",
  },
  {
    slug: "one-on-ones",
    name: "One-on-Ones",
    description: "Questions for a manager and one person: workload, growth and feedback both ways.",
    highlight: "Deeper, reflective questions",
    depth: "deep",
  },
  {
    slug: "all-hands",
    name: "All Hands",
    description: "Prompts a large group can answer in chat or through a few volunteers.",
    highlight: "Works in chat for large groups",
    depth: "quick",
  },
] as const satisfies readonly {
  slug: string;
  name: string;
  description: string;
  highlight: string;
  depth: EngagementLevel;
}[];

export type Category = (typeof CATEGORIES)[number];
export type CategorySlug = Category["slug"];

export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];

/** The categories the home page shows as cards, in this order: all seven. */
export const HOME_CATEGORY_SLUGS: readonly CategorySlug[] = [
  "ice-breaker-questions",
  "remote-teams",
  "daily-standup",
  "team-building",
  "retrospectives",
  "one-on-ones",
  "all-hands",
];

export function findCategory(slug: string): Category | undefined {
  return CATEGORIES.find((c) => c.slug === slug);
}

/** The generator's first choice on a page: a reflective check-in, at the depth of the page's category (standard on the home page). */
export function firstChoice(categorySlug: string | null): {
  meetingContext: MeetingContext;
  questionStyle: QuestionStyle;
  engagementLevel: EngagementLevel;
} {
  const depth: EngagementLevel = (categorySlug && findCategory(categorySlug)?.depth) || "standard";
  return { meetingContext: "check-in", questionStyle: "reflective", engagementLevel: depth };
}
