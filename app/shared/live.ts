import type { GeneratorChoice } from "./questions";

/**
 * Live rounds: everyone in a meeting answers a question on their own device,
 * and the host reveals the answers. These types and constants are shared by
 * the server, the host screen and the participant page.
 */

/** The operator's settings for rounds (LIVE_* variables). */
export type LiveSettings = {
  /** How long a round takes joins and answers; a visitor's round is deleted then too. */
  roundHours: number;
  /** How long a member's round is kept for its recap. */
  recapDays: number;
  /** Room in one round; the next person is told it is full. */
  maxParticipants: number;
  /** Event streams one client address may hold open on one server (an office's whole room, not an attacker's thousands). */
  streamsPerAddress: number;
};

/** How people answer a question of the round. */
export const ANSWER_MODES = ["text", "word", "scale", "pick"] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

export const ANSWER_MODE_LABELS: Record<AnswerMode, string> = {
  text: "Free text",
  word: "One word",
  scale: "Scale",
  pick: "Pick one",
};

/** When answers are shown: after the host reveals them (so the first voice does not set the tone), or as they arrive. */
export const REVEAL_MODES = ["host", "live"] as const;
export type RevealMode = (typeof REVEAL_MODES)[number];

export const LIVE_TEXT_MAX = 280;
export const LIVE_WORD_MAX = 30;
export const LIVE_NAME_MAX = 40;
/** A plan holds at most 10 questions; a round of a few more lets a host add a closing one. */
export const LIVE_QUESTIONS_MAX = 20;
/** The labels of a 1-5 scale when a question brings no ready answers of its own. */
export const DEFAULT_SCALE_OPTIONS = ["1", "2", "3", "4", "5"] as const;

/**
 * Join codes: six characters without the ones people confuse when reading a
 * screen aloud (0/O, 1/I/L, 5/S, 2/Z, 8/B), about 244 million codes.
 */
export const JOIN_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const JOIN_CODE_LENGTH = 6;

export type RoundStatus = "open" | "ended";
/**
 * Which screen reads the round: the host's controls, a participant's phone,
 * or the room's screen (the projector: read-only, opened by the host or by
 * the room link, and shown what the room may see).
 */
export type RoundRole = "host" | "participant" | "room";

/**
 * The host's answer timer as the room's screen shows it: the time set, what
 * is left at the moment it was sent, and whether it runs. Screens count down
 * from when they receive it, so no two clocks need to agree.
 */
export type RoundTimer = {
  /** The question it times: a new question starts without one. */
  position: number;
  totalSeconds: number;
  remainingSeconds: number;
  running: boolean;
};

/** The longest answer time a host can set (±15 s steps from the question's default). */
export const LIVE_TIMER_MAX_SECONDS = 3600;

/**
 * What a round where each person has their own question asks in its one
 * place in the order: every participant's own question is drawn from the
 * round's choice when they join.
 */
export const PER_PERSON_TITLE = "A question for each person";

/** A participant's own question: the library question drawn for them (null once it left the library) and its text. */
export type OwnQuestion = { id: string | null; text: string };

export type RoundQuestion = {
  position: number;
  text: string;
  mode: AnswerMode;
  /** The scale's labels (low to high) or the choices to pick from; empty for text and word. */
  options: string[];
  /** The library question it came from, if it still exists. */
  questionId: string | null;
  /** quick, standard or deep: the timer's default. */
  engagementLevel: string;
};

/**
 * One answer to one question. A pass has no text, no choice and never a
 * name; an anonymous round's answers carry no name, for the host too.
 */
export type LiveAnswer = {
  id: string;
  position: number;
  kind: "answer" | "pass";
  /** Free text or the one word, as written (the word cloud normalises). */
  text: string | null;
  /** The index into the question's options, for scale and pick. */
  choice: number | null;
  name: string | null;
  /** Hidden by the host: never shown to participants, shown dimmed to the host with an undo. */
  hidden: boolean;
  /**
   * In a round where each person has their own question: the question this
   * answer answers. The host's and the room's screens get it; another
   * participant never does.
   */
  question?: string;
};

export type RoundParticipant = {
  id: string;
  name: string | null;
  /** In a round where each person has their own question: theirs (the host's screen only). */
  question?: OwnQuestion;
};

/** How many words a word cloud shows: the rest are counted in the totals only. */
export const LIVE_TOP_WORDS = 40;
/** Free-text answers come in pages of this many, asked for by the screen that shows them. */
export const LIVE_ANSWER_PAGE = 20;
/** The host's screen holds the latest answers of the current question for moderation; older ones come in pages. */
export const LIVE_RECENT_ANSWERS = 30;
/** The room screen's wall of free-text answers: the newest this many, in rows that fit a 720p screen. */
export const LIVE_WALL_ANSWERS = 9;

/**
 * What everyone may see of one question's answers, as counts: its size does
 * not grow with the room (2,000 one-word answers are a few hundred bytes).
 * Hidden answers are counted apart and in nothing else.
 */
export type RoundResults = {
  position: number;
  /** Visible answers (not passes). */
  answered: number;
  passed: number;
  /** Answers the host hid. */
  hidden: number;
  /** One-word questions: the LIVE_TOP_WORDS most said words and how often, most said first. */
  words: { word: string; count: number }[];
  /**
   * Scale and pick questions: visible answers per option, in the question's
   * order. Empty for the pulse below PULSE_MIN_ANSWERS answers (pulseResults).
   */
  tally: number[];
};

/**
 * What an answer adds to the results: its kind, its word (one-word
 * questions only, never free text) and its choice. Events carry it so
 * screens keep their counts without being sent the answers.
 */
export type CountedAnswer = {
  kind: "answer" | "pass";
  text: string | null;
  choice: number | null;
  hidden: boolean;
};

/** Everything a screen shows of a round at one moment (`seq`); events move it on. */
export type RoundView = {
  role: RoundRole;
  code: string;
  status: RoundStatus;
  anonymous: boolean;
  revealMode: RevealMode;
  /** Set when each person answers a question of their own, drawn from this choice when they join. */
  perPerson: GeneratorChoice | null;
  /** The question being asked, an index into `questions`. */
  position: number;
  /** Whether the current question's answers are shown. */
  revealed: boolean;
  /** Whether the current question takes no more answers. */
  locked: boolean;
  questions: RoundQuestion[];
  participantCount: number;
  maxParticipants: number;
  /**
   * Host: the latest LIVE_RECENT_ANSWERS answers (and passes) to the current
   * question, hidden ones included. Participant: the free-text answers the
   * phone has been sent or asked for, once shown; never hidden ones. Room
   * screen: the newest LIVE_WALL_ANSWERS free-text answers once shown, and
   * those that come after; never hidden ones.
   */
  answers: LiveAnswer[];
  /** The current question's answers counted: always for the host, for a participant once they are shown. */
  results: RoundResults | null;
  /**
   * Whether this screen holds a seat in the round. A page opened before
   * joining shows only the join form: no questions and no answers.
   */
  seated: boolean;
  /** Host only: screens following the round now, on every server (hosts excluded). */
  connected: number;
  /** Host only: who joined, in joining order (names are null in an anonymous round). */
  participants: RoundParticipant[];
  /**
   * Participant only: who they are, their answer to the current question,
   * and in a round where each person has their own question, theirs.
   */
  me: { participantId: string; name: string | null; answer: LiveAnswer | null; question: OwnQuestion | null } | null;
  /**
   * The read-only recap link's token: always for the host; for a participant
   * only once the round has ended and the host chose to share the recap.
   */
  recapToken: string | null;
  /** Whether the host shared the recap with participants when ending the round. */
  recapShared: boolean;
  /** When the round stops taking answers by itself (ISO time). */
  closesAt: string;
  /** Host and room screen: the answer timer of the current question, once the host has set it. */
  timer: RoundTimer | null;
  /** The last event this view includes. */
  seq: number;
};

/**
 * What happens in a round, in order. Each event has a sequence number within
 * its round, gapless, so a client that reconnects asks for what came after
 * the last one it saw. Applying an event twice changes nothing.
 */
export type RoundEvent =
  | { type: "joined"; participant: RoundParticipant; participantCount: number }
  | {
      type: "answer";
      answer: LiveAnswer;
      /** What the participant's earlier answer to this question added to the results, if there was one. */
      previous: CountedAnswer | null;
    }
  | {
      type: "phase";
      position: number;
      revealed: boolean;
      locked: boolean;
      /** Once a question's answers are shown: their counts (free text comes in pages the screen asks for). */
      results?: RoundResults;
    }
  | {
      type: "hidden";
      answerId: string;
      position: number;
      hidden: boolean;
      /** What the answer counts for, so every screen moves its counts; its free text only when shown again. */
      counted: CountedAnswer;
      answer?: LiveAnswer;
    }
  | {
      /** The host started, paused or reset the answer timer (host and room screens only). */
      type: "timer";
      timer: RoundTimer | null;
    }
  | {
      type: "ended";
      /** The recap's token, when the host shares the recap with participants. */
      recapToken?: string;
    }
  | { type: "deleted" };

/** A join code as every screen writes it, "3KM 7QP": two halves read more easily from across a room. */
export const spacedCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/** A join code as people type it: spaces and dashes dropped, upper case. */
export function normalizeJoinCode(input: string): string {
  return input.replace(/[\s-]+/g, "").toUpperCase();
}

export function isJoinCode(code: string): boolean {
  if (code.length !== JOIN_CODE_LENGTH) return false;
  for (const char of code) if (!JOIN_CODE_ALPHABET.includes(char)) return false;
  return true;
}

/** Paths of a round's pages. */
export const livePaths = {
  join: "/live",
  participant: (code: string) => `/live/${code}`,
  host: (code: string) => `/live/${code}/host`,
  room: (code: string) => `/live/${code}/room`,
  recap: (token: string) => `/live/recap/${token}`,
  recapExport: (token: string, format: "csv" | "markdown") => `/live/recap/${token}/export?format=${format}`,
  api: (code: string) => `/api/v1/rounds/${code}`,
  events: (code: string) => `/api/v1/rounds/${code}/events`,
  answers: (code: string, position: number, offset: number) =>
    `/api/v1/rounds/${code}/answers?position=${position}&offset=${offset}`,
};

/**
 * Whether an address points at the machine it is opened on (localhost,
 * 127.x.x.x, ::1): a join link there opens nothing on anyone's phone.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    // The URL parser writes IPv6 loopback, and IPv4 loopback mapped into IPv6, in these short forms.
    host === "::1" ||
    /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host)
  );
}

/** A round afterwards, as its read-only recap shows and exports it: anonymous stays anonymous, hidden answers are left out. */
export type RoundRecap = {
  code: string;
  status: RoundStatus;
  anonymous: boolean;
  createdAt: string;
  endedAt: string | null;
  participantCount: number;
  questions: {
    position: number;
    text: string;
    mode: AnswerMode;
    options: string[];
    /**
     * Visible answers in the order they came; passes are counted, not listed.
     * The pulse's: choices only, without names, in the scale's order, and none
     * below PULSE_MIN_ANSWERS answers.
     */
    answers: {
      text: string | null;
      choice: number | null;
      name: string | null;
      /** In a round where each person has their own question: the one this answers. */
      question?: string;
    }[];
    /** The team's pulse scale: counted, never shown by person. */
    pulse: boolean;
    answeredCount: number;
    passedCount: number;
  }[];
};
