/**
 * A fixed window: at most `limit` requests per subject, counted from the
 * subject's first request until `windowSeconds` later.
 */
export type LimitRule = {
  /** Starts every stored key of the rule; renaming it starts every count again. */
  readonly name: string;
  /**
   * What there were too many of, in English ("Too many votes: ..."): the
   * RATE_LIMITED error carries it beside the rule's name, by which another
   * language names it in its own words.
   */
  readonly what: string;
  readonly limit: number;
  readonly windowSeconds: number;
};

/**
 * Every limit CircleUp sets itself, in one table (better-auth's own limits
 * are in accounts/auth.server.ts, the AI quota in generation/quota.server.ts).
 * They bound what one member or one address can write; a person using the
 * site never meets them. A limit counted per address holds for everyone
 * behind it (an office, a conference network): those bound only what an
 * attacker does, never how many people take part. The README's
 * "Limits" table lists them with the subject each is counted for.
 */
export const LIMITS = {
  /** Per sender address: the contact form mails the team, so robots must not flood it. */
  contact: { name: "contact", what: "messages", limit: 3, windowSeconds: 10 * 60 },
  /** Per address: page views and errors come from anonymous browsers, one per page. */
  events: { name: "events", what: "events", limit: 120, windowSeconds: 60 },
  /** Per member: every submission waits for an admin to read it. */
  submissions: { name: "submissions", what: "submitted questions", limit: 10, windowSeconds: 60 * 60 },
  /** Per member. */
  votes: { name: "votes", what: "votes", limit: 120, windowSeconds: 60 },
  /** Per member, saving and unsaving. */
  saves: { name: "saves", what: "saves", limit: 120, windowSeconds: 60 },
  /** Per member, hiding and showing again. */
  hides: { name: "hides", what: "changes to hidden questions", limit: 120, windowSeconds: 60 },
  /** Per member: starting a choice afresh, which marks their served questions of it unseen again. */
  afresh: { name: "afresh", what: "fresh starts", limit: 60, windowSeconds: 60 },
  /** Per member, or per address for visitors, who may make plans too. */
  plans: { name: "plans", what: "new plans", limit: 60, windowSeconds: 60 * 60 },
  /** Per address: each preview is drawn on the server; chat apps and crawlers fetch one per shared link and keep it. */
  images: { name: "images", what: "preview images", limit: 120, windowSeconds: 60 },
  /** Per member, or per address for visitors, who may host too. */
  rounds: { name: "rounds", what: "new live rounds", limit: 30, windowSeconds: 60 * 60 },
  /**
   * Per address: round codes that found no round, on any page, API call or
   * event stream that reads a round by its code. Only failures count, so a
   * whole office behind one address joins and follows a round of any size
   * (the round's size, LIVE_MAX_PARTICIPANTS, bounds that); someone trying
   * codes is stopped after a few dozen of about 244 million.
   */
  roundLookups: { name: "round-lookups", what: "wrong round codes", limit: 30, windowSeconds: 10 * 60 },
  /** Per participant: answering, changing an answer, passing. */
  roundAnswers: { name: "round-answers", what: "answers", limit: 30, windowSeconds: 60 },
  /**
   * Failed password sign-ins per account and address: one guesser is stopped
   * early, while the owner elsewhere is not affected.
   */
  signInFailures: { name: "sign-in-failures", what: "failed sign-ins", limit: 5, windowSeconds: 15 * 60 },
  /**
   * Failed password sign-ins per account from every address: guessing spread
   * over many addresses stops here. Networks the owner signed in from lately
   * (signInKnownNetwork) are not held to it, so the owner keeps access.
   */
  signInFailuresPerAccount: {
    name: "sign-in-failures-account",
    what: "failed sign-ins for this account",
    limit: 30,
    windowSeconds: 15 * 60,
  },
  /** Marks an account's network after a successful sign-in, for 30 days; never refuses anything. */
  signInKnownNetwork: {
    name: "sign-in-known",
    what: "sign-ins",
    limit: Number.MAX_SAFE_INTEGER,
    windowSeconds: 30 * 24 * 60 * 60,
  },
  /** Per member: new teams. */
  teams: { name: "teams", what: "new teams", limit: 20, windowSeconds: 60 * 60 },
  /**
   * Per API token, every call it makes: a script in a loop is slowed here
   * before it reaches the member's own limits, which it counts on too.
   */
  apiTokens: { name: "api-tokens", what: "calls with this API token", limit: 600, windowSeconds: 60 },
  /** Per member: new API tokens, personal and team ones alike. */
  newTokens: { name: "new-tokens", what: "new API tokens", limit: 20, windowSeconds: 60 * 60 },
  /** Per member: team invitations, by link or by e-mail (each e-mail one goes out through the outbox). */
  invitations: { name: "team-invitations", what: "invitations", limit: 30, windowSeconds: 60 * 60 },
  /** Per member: Checkout and customer-portal sessions, each one a request to Stripe. */
  billing: { name: "billing", what: "payment pages opened", limit: 20, windowSeconds: 60 * 60 },
  /**
   * Per member: Premium's directed AI (context, candidates, tone rewrites,
   * follow-ups). Premium has no daily cap, so this bounds what one account
   * can cost in a minute.
   */
  directedAi: { name: "directed-ai", what: "AI requests", limit: 12, windowSeconds: 60 },
  /** Per address: unsubscribe links, which carry a token. */
  unsubscribes: { name: "unsubscribes", what: "unsubscribe requests", limit: 30, windowSeconds: 10 * 60 },
  /** Per address: a host's reveals, locks, moves and moderation. */
  roundHosting: { name: "round-hosting", what: "changes to the round", limit: 300, windowSeconds: 60 },
} as const satisfies Record<string, LimitRule>;
