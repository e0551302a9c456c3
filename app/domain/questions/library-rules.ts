import type { CategorySlug } from "~/shared/categories";
import type { NotWhen } from "~/shared/meeting-day";
import { meetingNamedIn } from "~/shared/meeting-kinds";
import { normalizeQuestionText } from "~/shared/questions";
import { writtenTextProblem } from "~/shared/text";
import type { FiledQuestion } from "./library-audit";

/**
 * The writing rules of the content guide a machine can check, one question
 * at a time. Each rule names itself so a report can be counted per rule.
 */
type QuestionRule =
  | "instruction-ends-with-full-stop"
  | "question-ends-with-question-mark"
  | "one-thing"
  | "word-budget"
  | "no-chain-here"
  | "energizer-over-two-minutes"
  | "deep-is-not-a-pick"
  | "meeting-named-elsewhere"
  | "presumes-an-event"
  | "yesterday-on-a-monday"
  | "tomorrow-on-a-friday"
  | "sprint-words-outside-sprints"
  | "shown-text";

export type RuleBreak = { rule: QuestionRule; detail: string };

/** Most words a question of each depth may take: read aloud in a few seconds, answered in the depth's time. */
const WORD_BUDGET = { quick: 18, standard: 24, deep: 24 } as const;

/** The longest follow-up a question may carry after its one question, in words ("and why?", "what made it work?"). */
const FOLLOW_UP_WORDS = 5;

/** Verbs that open an instruction ("Show us...", "Finish the sentence...", "Pick one..."). */
const INSTRUCTION_OPENING =
  /^(?:show|draw|finish|complete|tell|name|describe|share|pick|choose|give|hold|point|type|post|drop|sum|list|rate|hum|act|mime|write|grab|find|think|imagine|picture|invent|design|pitch|say|take|send|vote|swap|guess|trade|bring|introduce|explain|walk|put|raise|make|create|offer|recommend|suggest|thank|pass|start)\b/i;

/** A question that opens with its question word or auxiliary. */
const QUESTION_OPENING =
  /^(?:what|which|who|whose|whom|how|why|would|could|do|does|did|is|are|was|were|can|will|have|has|should|(?:when|where)\s+(?:did|do|does|is|are|was|were|have|has|would|will|can|could|should))\b/i;

/** A further question clause: after a comma, colon or semicolon, or joined by "and"/"or". */
const QUESTION_CLAUSE =
  /(?:[,:;]\s*(?:and\s+|or\s+|then\s+|but\s+)?(?:what|which|who|whose|how|why)\b|[,;]\s*(?:and|or|then|but)\s+(?:would|could|do|does|did|is|are|was|were|can|will|should|shall)\b|:\s*(?:where|when|would|could|do|does|did|is|are|was|were|can|will|should|shall)\b|\s(?:and|or)\s+(?:what|which|who|how|why|where|when)\b)/i;

/** An instruction asks nothing: it opens with a verb and has no question clause after it. */
export function isInstruction(text: string): boolean {
  const trimmed = text.trim();
  return INSTRUCTION_OPENING.test(trimmed) && !new RegExp(QUESTION_CLAUSE.source, "i").test(trimmed);
}

/** The question clauses of a text, each as the words from its question word to the next clause or the end. */
export function questionParts(text: string): string[] {
  const trimmed = text.trim();
  // Each clause: where its question word starts, and where the clause (with its joining words) begins.
  const clauses: { word: number; joint: number }[] = QUESTION_OPENING.test(trimmed) ? [{ word: 0, joint: 0 }] : [];
  for (const match of trimmed.matchAll(new RegExp(QUESTION_CLAUSE.source, "gi"))) {
    const joint = match.index ?? 0;
    const word = match[0].match(/[a-z]+$/i)?.[0] ?? "";
    clauses.push({ word: joint + match[0].length - word.length, joint });
  }
  return clauses.map(({ word }, i) =>
    trimmed.slice(word, clauses[i + 1]?.joint ?? trimmed.length).replace(/[\s,;:?.]+$/, ""),
  );
}

const wordsIn = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/** Quoted words ("'Quick question?'") are what someone says, not what the question asks. */
const QUOTED = /(^|[\s(:])(?:'[^']*'|"[^"]*"|‘[^’]*’|“[^”]*”)(?=[\s,.:;?!)]|$)/g;

/** A time an energizer would take beyond two minutes: "in under five minutes", "for ten minutes", "an hour". */
const LONG_TIME =
  /\b(?:in|within|under|over|for|take|takes|taking|spend|spending|up to|no more than|less than|at most)\s+(?:under\s+|about\s+|around\s+|less than\s+|just\s+)?(?:(?:three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|sixty|a few|few|several|[3-9]|\d{2,})\s+(?:minutes?|mins?)|(?:an?|one|two|\w+)\s+hours?)\b/i;

/**
 * Phrases that presume something happened which the host cannot know: an
 * insight today, a previous meeting. Each lists where it is still true.
 */
type Presumption = { pattern: RegExp; allowed: (q: FiledQuestion) => boolean; why: string };

/** Meetings the same people hold again and again: "since we last met" is true in them, and only in them. */
const RECURRING_BY_NATURE: readonly CategorySlug[] = ["one-on-ones", "daily-standup"];

const PRESUMPTIONS: readonly Presumption[] = [
  {
    pattern:
      /\b(?:did|have) you (?:realise|realize|realised|realized)\b|\byou (?:realised|realized)\b|\brealis(?:e|ed)d? today\b/i,
    allowed: () => false,
    why: "presumes an insight",
  },
  {
    pattern: /\b(?:learn|learned|learnt|discover|discovered|notice|noticed)\b[^?.]*\btoday\b/i,
    allowed: (q) => q.context === "check-out",
    why: "presumes something was learned today (fine only when closing the meeting)",
  },
  {
    pattern: /\bmade you (?:smile|laugh)\b[^?.]*\btoday\b/i,
    allowed: (q) => q.context === "check-out",
    why: "presumes something made them smile today (fine only when closing the meeting)",
  },
  {
    pattern: /\bsince (?:our|the|your) last\s+([a-z0-9:-]+(?:\s[a-z-]+)?)/i,
    allowed: (q) => {
      const named = meetingNamedIn(q.text);
      return named !== null && named === q.file;
    },
    why: "presumes an earlier meeting (fine only when it names this category's own meeting)",
  },
  {
    pattern: /\bsince (?:we|you) last\b|\bsince last time\b/i,
    allowed: (q) => q.categories.every((category) => RECURRING_BY_NATURE.includes(category)),
    why: "presumes an earlier meeting (fine only in a one-on-one or a daily standup, and nowhere it is filed with 'also')",
  },
];

/**
 * Words that tie a question to a day of the week, and the `notWhen` it must
 * declare: "yesterday" on a Monday was a Sunday, "tomorrow's standup" on a
 * Friday is on Monday. Rewritten so the day does not matter ("since the
 * last standup", "the next standup"), a question needs no declaration.
 */
const DAY_BOUND: readonly { rule: QuestionRule; pattern: RegExp; tag: NotWhen; why: string }[] = [
  {
    rule: "yesterday-on-a-monday",
    pattern: /\byesterday(?:'s)?\b/i,
    tag: "after-weekend",
    why: `asks about yesterday, a Sunday on a Monday: declare "notWhen": ["after-weekend"], or ask "since the last standup" or "since we last met"`,
  },
  {
    rule: "tomorrow-on-a-friday",
    pattern: /\btomorrow's\s+(?:stand-?up|meeting|sync|call|session)\b/i,
    tag: "before-weekend",
    why: `names tomorrow's meeting, which on a Friday is on Monday: declare "notWhen": ["before-weekend"], or say "the next one"`,
  },
];

/** The meetings that run in sprints: sprint words belong to them. */
const MEETINGS_WITH_SPRINTS: readonly CategorySlug[] = ["daily-standup", "retrospectives"];

/**
 * Sprint words: the sprint as a stretch of work ("this sprint", "next
 * sprint", "sprint planning", "sprints"), backlog, story points, velocity,
 * burndown, scrum. "A sprint" beside a marathon or a stroll is a pace, not
 * a sprint, and is fine anywhere.
 */
const SPRINT_WORDS =
  /\b(?:sprints|(?:this|next|last|the|our|your|each|every|per|that|current|previous|whole|same|one)\s+(?:\w+\s+)?sprint|sprint\s+(?:goals?|planning|reviews?|demos?|boards?|backlogs?)|backlogs?|story points?|velocity|burn-?downs?|scrum)\b/i;

/** The sprint words a text uses, as written. */
function sprintWordsIn(text: string): string | null {
  return text.match(SPRINT_WORDS)?.[0] ?? null;
}

/** Formats that ask for a pick or a word: never deep, since depth is trust and reflection, not length. */
const PICK_FORMATS = new Set(["one-word", "would-you-rather", "pick-one", "scale"]);

/** A chain needs a handful of people: not two, not hundreds. */
const NO_CHAIN_IN: readonly CategorySlug[] = ["one-on-ones", "all-hands"];

/** Every rule one question breaks. */
export function questionProblems(q: FiledQuestion): RuleBreak[] {
  const text = q.text.trim();
  const problems: RuleBreak[] = [];
  // The rule every stored question's text passes; the import refuses the library without it.
  const characters = writtenTextProblem(text);
  if (characters) problems.push({ rule: "shown-text", detail: `holds ${characters}` });
  if (isInstruction(text)) {
    if (!text.endsWith("."))
      problems.push({ rule: "instruction-ends-with-full-stop", detail: "an instruction ends with '.'" });
  } else if (!text.endsWith("?"))
    problems.push({ rule: "question-ends-with-question-mark", detail: "a question ends with '?'" });

  const unquoted = text.replace(QUOTED, "$1quote");
  const marks = (unquoted.match(/\?/g) ?? []).length;
  const parts = questionParts(unquoted);
  const extra = parts.slice(1);
  // A high-low asks for a high and a low by design: two clauses are its one thing.
  const followUp = q.format === "high-low" ? 0 : extra.length;
  if (marks > 1 || extra.length > 2 || followUp > 1 || (followUp === 1 && wordsIn(extra[0] ?? "") > FOLLOW_UP_WORDS))
    problems.push({ rule: "one-thing", detail: `asks ${Math.max(marks, parts.length)} things` });

  const budget = WORD_BUDGET[q.engagement];
  const words = wordsIn(text);
  if (words > budget)
    problems.push({ rule: "word-budget", detail: `${words} words, ${q.engagement} allows ${budget}` });

  if (q.format === "chain" && q.categories.some((c) => NO_CHAIN_IN.includes(c)))
    problems.push({ rule: "no-chain-here", detail: "a chain in a one-on-one or an all-hands" });

  if (q.context === "energizer" && (q.engagement === "deep" || LONG_TIME.test(text)))
    problems.push({ rule: "energizer-over-two-minutes", detail: "an energizer takes two minutes at most" });

  if (q.engagement === "deep" && PICK_FORMATS.has(q.format))
    problems.push({ rule: "deep-is-not-a-pick", detail: `a ${q.format} is not deep` });

  const named = meetingNamedIn(text);
  if (named && (q.file !== named || q.categories.length > 1))
    problems.push({ rule: "meeting-named-elsewhere", detail: `names a ${named} meeting, so it belongs there alone` });

  for (const presumption of PRESUMPTIONS)
    if (presumption.pattern.test(text) && !presumption.allowed(q))
      problems.push({ rule: "presumes-an-event", detail: presumption.why });

  for (const { rule, pattern, tag, why } of DAY_BOUND)
    if (pattern.test(text) && !q.notWhen?.includes(tag)) problems.push({ rule, detail: why });

  const sprint = sprintWordsIn(text);
  const elsewhere = q.categories.filter((category) => !MEETINGS_WITH_SPRINTS.includes(category));
  if (sprint && elsewhere.length)
    problems.push({
      rule: "sprint-words-outside-sprints",
      detail: `"${sprint}" in ${elsewhere.join(", ")}, which has no sprints: file it only under ${MEETINGS_WITH_SPRINTS.join(" or ")}, or say "these weeks"`,
    });
  return problems;
}

/** Stock frames and the most of a file (and of the library) each may open or hold. */
const FRAME_CAPS = [
  { frame: "opens with 'If'", share: 0.08, matches: (text: string) => /^if\b/i.test(text.trim()) },
  {
    frame: "'within reach'",
    share: 0.005,
    matches: (text: string) => normalizeQuestionText(text).includes("within reach"),
  },
] as const;

/** Frames used more than their cap in a set of questions. */
export function overusedFrames(texts: readonly string[]): { frame: string; count: number; cap: number }[] {
  return FRAME_CAPS.map(({ frame, share, matches }) => ({
    frame,
    count: texts.filter(matches).length,
    cap: Math.max(1, Math.floor(texts.length * share)),
  })).filter(({ count, cap }) => count > cap);
}

/**
 * Stock pictures a question is told through ("your week as a film", "the
 * emoji for your inbox"). Each is fine now and then; used a hundred times
 * the library reads as one joke. The library holds at most
 * LIBRARY_RULES.perFrame questions of each. A picture is found by its words,
 * also where it is meant plainly ("a film you could watch again"): a host
 * meets the word either way.
 */
const STOCK_FRAMES: readonly { frame: string; pattern: RegExp }[] = [
  {
    frame: "film or trailer",
    pattern:
      /\b(?:films?|movies?|trailers?|blockbusters?|sequels?|cinema|documentar(?:y|ies)|plot twists?|film posters?|director's cut|box sets?|opening credits|end credits)\b/i,
  },
  {
    frame: "song, playlist or band",
    pattern:
      /\b(?:songs?|playlists?|soundtracks?|theme tunes?|anthems?|albums?|karaoke|jingles?|ringtones?|(?:jazz|rock|boy|brass|our|team|a)\s+band|instruments?|orchestras?|choirs?|drum kits?)\b/i,
  },
  { frame: "emoji", pattern: /\b(?:emojis?|emoticons?|gifs?)\b/i },
  { frame: "superpower", pattern: /\b(?:superpowers?|super powers?|superhero(?:es)?|super heroes|magic powers?)\b/i },
  {
    frame: "weather or forecast",
    pattern:
      /\b(?:weather|forecasts?|sunny|stormy|cloudy|rainy|sunshine|storms?|thunder(?:storms?)?|fog(?:gy)?|drizzle|rainbows?|heatwaves?)\b/i,
  },
  {
    frame: "animal",
    pattern:
      /\b(?:animals?|creatures?|wildlife|zoo|sloths?|owls?|cheetahs?|snails?|tortoises?|turtles?|lions?|bears?|penguins?|octop(?:us|uses|i)|squirrels?|elephants?|giraffes?|koalas?|dolphins?|sharks?|eagles?|foxes|fox|rabbits?|hamsters?|goldfish|parrots?|cats?|dogs?|puppies|puppy|kittens?|bees?|ants?|beavers?|pandas?|unicorns?|dragons?)\b/i,
  },
  {
    frame: "food or dish",
    pattern:
      /\b(?:recipes?|ingredients?|dish(?:es)?|menus?|snacks?|desserts?|cakes?|pizzas?|sandwich(?:es)?|meals?|soups?|stews?|cooking shows?|cookbooks?|flavou?rs?|spices?|kitchen appliances?|biscuits?|cookies?|crisps|buffet)\b/i,
  },
  {
    frame: "book or chapter",
    pattern:
      /\b(?:books?(?!\s+(?:it|a|the|time|in)\b)|novels?|chapters?|bestsellers?|page-turners?|autobiograph(?:y|ies)|book titles?)\b/i,
  },
  {
    frame: "headline or news",
    pattern: /\b(?:headlines?|newspapers?|front page|breaking news|news reports?|press releases?|news anchors?)\b/i,
  },
  {
    frame: "episode or TV show",
    pattern:
      /\b(?:episodes?|season finale|series finale|sitcoms?|tv shows?|tv series|tv channels?|reality shows?|soap operas?|spin-offs?|binge)\b/i,
  },
  { frame: "city or town", pattern: /\b(?:city|cities|towns?|villages?|neighbou?rhoods?|skylines?|streets?)\b/i },
  {
    frame: "journey or map",
    pattern:
      /\b(?:journeys?|road trips?|expeditions?|voyages?|maps?|compass(?:es)?|(?:a|the|day|school|team)\s+trip|travel diar(?:y|ies)|destinations?|passports?)\b/i,
  },
  {
    frame: "video game",
    pattern:
      /\b(?:video games?|game levels?|level up|power-ups?|boss (?:level|fight|battle)s?|side quests?|cheat codes?|high scores?|extra li(?:fe|ves)|respawn)\b/i,
  },
  {
    frame: "sport or race",
    pattern:
      /\b(?:sports?|(?:football|tennis|cricket|chess|rugby|boxing|the|a)\s+match(?:es)?|races?|scoreboards?|medals?|olympics?|marathons?|relays?|referees?|finish lines?|half-time|penalt(?:y|ies)|trophy|trophies)\b/i,
  },
  {
    frame: "ship, train or rocket",
    pattern:
      /\b(?:(?:a|the|our|your|company|pirate|team's|project's)\s+ship(?!\s+(?:it|date))|ship's|boats?|trains?|rockets?|spaceships?|submarines?|buses|bus|planes?|aeroplanes?|airplanes?)\b/i,
  },
  { frame: "colour", pattern: /\b(?:colou?rs?)\b/i },
  {
    frame: "garden or plant",
    pattern: /\b(?:gardens?|seeds?|plants?|trees?|flowers?|weeds?|harvests?|blooms?|wilt(?:ed|ing)?|sprouts?)\b/i,
  },
  { frame: "battery", pattern: /\bbatter(?:y|ies)\b/i },
  { frame: "sound effect", pattern: /\bsound effects?\b/i },
  { frame: "museum or exhibit", pattern: /\b(?:museums?|exhibits?|exhibitions?|galler(?:y|ies))\b/i },
  { frame: "slogan or hashtag", pattern: /\b(?:taglines?|slogans?|mottos?|bumper stickers?|hashtags?)\b/i },
  { frame: "heist", pattern: /\bheists?\b/i },
  { frame: "comic or cartoon", pattern: /\b(?:comics?|comic strips?|cartoons?)\b/i },
  { frame: "browser tabs", pattern: /\b(?:browser|tabs?)\b/i },
  { frame: "robot", pattern: /\brobots?\b/i },
  { frame: "magic or wizard", pattern: /\b(?:magic|wizards?|spells?|wands?|fairy tales?|fairytales?)\b/i },
  { frame: "mountain or summit", pattern: /\b(?:mountains?|summits?|peaks?|climbs?|ridges?)\b/i },
  {
    frame: "outer space",
    pattern: /\b(?:planets?|astronauts?|outer space|space stations?|the moon|galax(?:y|ies)|aliens?)\b/i,
  },
  { frame: "puzzle", pattern: /\b(?:puzzles?|jigsaws?)\b/i },
];

/** How many questions each stock frame holds, the most used first. */
export function stockFrames(texts: readonly string[]): { frame: string; count: number }[] {
  return STOCK_FRAMES.map(({ frame, pattern }) => ({ frame, count: texts.filter((t) => pattern.test(t)).length })).sort(
    (a, b) => b.count - a.count,
  );
}

/** The stock frames a question uses. */
export function framesIn(text: string): string[] {
  return STOCK_FRAMES.filter(({ pattern }) => pattern.test(text)).map(({ frame }) => frame);
}
