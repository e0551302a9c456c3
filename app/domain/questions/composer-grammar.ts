import type { EngagementLevel, MeetingContext, QuestionStyle } from "~/shared/questions";

/**
 * The vocabulary of the retired template composer, which wrote a question as
 * lead-in + stem (with its slots filled) + tail + "?" and stored it as an AI
 * question. It writes nothing any more; the grammar stays so that the
 * questions it stored can be recognised (isComposedText) and cleaned up.
 */

/** Time phrases that read well both after "from" and on their own. */
export const TIMES = [
  "this week",
  "this month",
  "this sprint",
  "this quarter",
  "today",
  "this morning",
  "the past week",
  "the past month",
  "the last two weeks",
  "these last few days",
  "this season",
  "the past fortnight",
];

/** Slot values per style: what the stems of that style talk about. */
export const STYLE_WORDS: Record<QuestionStyle, string[]> = {
  playful: [
    "weather forecast",
    "song title",
    "movie genre",
    "kitchen gadget",
    "board game",
    "sandwich",
    "houseplant",
    "emoji",
    "font",
    "animal",
    "dance move",
    "snack",
    "cartoon character",
    "vehicle",
    "pizza topping",
    "superhero",
    "theme park ride",
    "breakfast",
  ],
  professional: [
    "priority",
    "decision",
    "risk",
    "handover",
    "customer need",
    "process",
    "tool",
    "skill",
    "deadline",
    "dependency",
    "meeting",
    "document",
    "experiment",
    "review",
    "goal",
    "plan",
    "metric",
    "milestone",
  ],
  inspirational: [
    "courage",
    "curiosity",
    "patience",
    "kindness",
    "focus",
    "creativity",
    "persistence",
    "generosity",
    "clarity",
    "calm",
    "optimism",
    "teamwork",
    "craft",
    "learning",
    "hope",
    "trust",
    "gratitude",
    "resilience",
  ],
  reflective: [
    "conversation",
    "small win",
    "surprise",
    "moment of focus",
    "piece of feedback",
    "question you asked",
    "idea",
    "habit",
    "challenge",
    "moment of calm",
    "decision",
    "thing you noticed",
    "change",
    "lesson",
    "piece of advice",
    "good moment",
    "realisation",
    "bright spot",
  ],
};

/** Stems: {time} and {word} are filled from the lists above. No trailing question mark. */
export const STEMS: Record<MeetingContext, Record<QuestionStyle, string[]>> = {
  "check-in": {
    reflective: [
      "What is one {word} from {time} that is still on your mind",
      "What {word} from {time} is shaping how you arrive here",
      "Which {word} from {time} shaped how you feel walking into this meeting",
    ],
    playful: [
      "If your mood {time} were a {word}, which one would it be",
      "Which {word} best sums up how {time} has felt",
      "If {time} had a {word}, what would it be",
    ],
    professional: [
      "What {word} is taking most of your attention {time}",
      "Which {word} from {time} do you want the team to know about",
      "What is one {word} you are bringing into today from {time}",
    ],
    inspirational: [
      "Where have you seen {word} at work {time}",
      "What would more {word} have made possible for you {time}",
      "Who showed {word} {time}, and how did you notice it",
    ],
  },
  connection: {
    reflective: [
      "What is a {word} from {time} that taught you something about a teammate",
      "Which {word} from {time} would you like to share with the group",
      "When did a {word} {time} make you feel part of the team",
    ],
    playful: [
      "If this team were a {word}, which one would we be {time}",
      "Which {word} would you pick to describe a teammate's energy {time}",
      "Which {word} would you give a teammate as a thank-you for {time}",
    ],
    professional: [
      "Which {word} has a teammate helped you with {time}",
      "What is a {word} where you would welcome a colleague's view {time}",
      "Which {word} from {time} went better because we worked on it together",
    ],
    inspirational: [
      "Who on this team brought {word} to our work {time}",
      "What did {word} look like between us at our best {time}",
      "How could we make more room for {word} with each other {time}",
    ],
  },
  focus: {
    reflective: [
      "What {word} from {time} should guide what you focus on next",
      "Which {word} from {time} changed what you think matters most",
      "What is one {word} from {time} that helps you see the next step",
    ],
    playful: [
      "If our main goal for {time} were a {word}, which one would it be",
      "Which {word} matches the plan we made {time}",
      "If our top priority for {time} had a {word} as its mascot, which would it be",
    ],
    professional: [
      "Looking back at {time}, what is the one {word} that matters most now",
      "Which {word} from {time} needs a decision from us before we move on",
      "What {word} would make the biggest difference if we got it right {time}",
    ],
    inspirational: [
      "How can {word} help us with the most important goal {time}",
      "What would we attempt {time} if we had a little more {word}",
      "Where would {word} move our most important work forward {time}",
    ],
  },
  status: {
    reflective: [
      "What {word} from {time} tells you the most about where your work stands",
      "Which {word} from {time} is worth sharing as an update",
      "What did a {word} from {time} show you about your progress",
    ],
    playful: [
      "If your progress {time} were a {word}, which one would it be",
      "Which {word} describes your to-do list {time}",
      "If your biggest blocker {time} were a {word}, what would it be",
    ],
    professional: [
      "What {word} moved forward {time}, and what is blocking the next one",
      "Which {word} from {time} could use a hand from someone here",
      "What {word} from {time} do you want to close next, and what do you need for it",
    ],
    inspirational: [
      "What progress {time} came from {word}",
      "Where did {word} help you get unstuck {time}",
      "Which part of your work {time} needed the most {word}",
    ],
  },
  energizer: {
    reflective: [
      "Which {word} from {time} made you laugh",
      "What {word} from {time} gave you a surprising burst of energy",
      "What is the most unexpected {word} you came across {time}",
    ],
    playful: [
      "If you could rename {time} after a {word}, what would you call it",
      "Which {word} would be your walk-on music or mascot {time}",
      "If {time} were a {word}, which one would it be",
    ],
    professional: [
      "What is the most creative {word} you saw {time}",
      "If you could automate one {word} from {time}, which would it be",
      "Which {word} from {time} deserves a tiny award",
    ],
    inspirational: [
      "What small act of {word} made your day {time}",
      "If {word} were a superpower, how would you use it {time}",
      "Which everyday moment of {word} {time} deserves a cheer",
    ],
  },
  "check-out": {
    reflective: [
      "What {word} are you taking away from {time}",
      "Which {word} from {time} will you still remember a month from now",
      "What is one {word} from {time} you want to carry into the next one",
    ],
    playful: [
      "If our meetings {time} were a {word}, which one would they be",
      "Which {word} describes how you are leaving this meeting after {time}",
      "If you had to sum up {time} as a {word}, which would it be",
    ],
    professional: [
      "What {word} from {time} will you act on after this meeting",
      "Which {word} from {time} needs a follow-up, and who owns it",
      "What is one {word} from {time} that we should keep doing",
    ],
    inspirational: [
      "Where did you see {word} in our conversations {time}",
      "What is one thing you will do with more {word} after {time}",
      "Who brought {word} to our work {time}, and what would you like to thank them for",
    ],
  },
};

export const LEAD_INS: Record<EngagementLevel, string[]> = {
  quick: ["", "Quick round: ", "Quick one: ", "Off the top of your head, ", "Going around fast: "],
  standard: ["", "Let's go around: ", "For this round, ", "When you are ready, ", "To start us off, "],
  deep: [
    "",
    "Take a moment with this one: ",
    "No rush on this one: ",
    "Thinking it over, ",
    "Looking a little deeper, ",
  ],
};

/** Text added before the question mark; stems that already ask a second part (", and ...") take none. */
export const TAILS: Record<EngagementLevel, string[]> = {
  quick: ["", ", in one word", ", in a few words", ", first thing that comes to mind", " (one line is plenty)"],
  standard: [
    "",
    ", and why",
    ", and what made it stand out",
    ", and what would you tell the team about it",
    ", and what did you notice",
  ],
  deep: [
    ", and what did it teach you",
    ", and how has it changed the way you work",
    ", and what would you do differently next time",
    ", and what does that say about what matters to you",
    ", and how would you like it to shape the weeks ahead",
  ],
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const anyOf = (list: readonly string[]) => `(?:${list.map(escapeRegExp).join("|")})`;

let patterns: RegExp[] | undefined;

/** One pattern per stem: any lead-in, the stem with any time and any of its style's words, any tail. */
function composedPatterns(): RegExp[] {
  patterns ??= Object.values(STEMS).flatMap((byStyle) =>
    Object.entries(byStyle).flatMap(([style, stems]) =>
      stems.map((stem) => {
        const body = escapeRegExp(stem)
          .replace(/\b[Aa] \\\{word\\\}/g, `an? ${anyOf(STYLE_WORDS[style as QuestionStyle])}`)
          .replace("\\{word\\}", anyOf(STYLE_WORDS[style as QuestionStyle]))
          .replace("\\{time\\}", anyOf(TIMES));
        const leadIns = anyOf(Object.values(LEAD_INS).flat());
        const tails = anyOf(Object.values(TAILS).flat());
        return new RegExp(`^${leadIns}?${body}${tails}?\\?$`, "i");
      }),
    ),
  );
  return patterns;
}

/** Whether a text is one the template composer could have written. */
export function isComposedText(text: string): boolean {
  const clean = text.trim();
  return composedPatterns().some((pattern) => pattern.test(clean));
}
