import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The database schema. Migrations in ./drizzle are generated from this file
 * by `npm run db:generate`; what drizzle-kit cannot express (a trigger, a
 * data backfill) is appended below the generated statements of the same
 * migration, never changed in a migration that has shipped.
 */

export const categories = pgTable("categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every question, curated, AI-generated or submitted, lives in this one
 * table. The vote counters are kept exact in the same transaction as each vote.
 */
export const questions = pgTable(
  "questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    text: text("text").notNull(),
    /** Lowercased, punctuation and whitespace collapsed: no two published questions may share it. */
    normalizedText: text("normalized_text").notNull(),
    type: text("type").notNull(),
    meetingContext: text("meeting_context").notNull(),
    questionStyle: text("question_style").notNull(),
    engagementLevel: text("engagement_level").notNull(),
    /** How it is asked: an open question, would-you-rather, a scale... (shared/questions.ts QUESTION_FORMATS). */
    format: text("format").notNull().default("open"),
    /** Ready answers for picks and scales, in the order the text names them. */
    answers: text("answers").array(),
    /** The category it was written for; question_categories holds any further ones it fits. */
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** It names a kind of meeting ("this retro"), so it is served only in its own category, never elsewhere. */
    meetingBound: boolean("meeting_bound").notNull().default(false),
    /** The days it does not fit (shared/meeting-day.ts NOT_WHEN: "after-weekend"...), from the library's `notWhen`. */
    notWhen: text("not_when").array().notNull().default(sql`'{}'::text[]`),
    source: text("source").notNull(),
    status: text("status").notNull().default("published"),
    /** A team's private question (status 'team'): served only in that team's meetings until someone submits it for review. */
    teamId: uuid("team_id").references((): AnyPgColumn => teams.id, { onDelete: "cascade" }),
    /** Why an admin rejected a submitted question, shown to its author. */
    moderationNote: text("moderation_note"),
    /** The account that submitted it; null for curated and generated questions. */
    authorId: text("author_id"),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    voteScore: integer("vote_score").notNull().default(0),
    totalVotes: integer("total_votes").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A text is unique among published questions only: private, team and waiting ones may repeat it,
    // so a refusal never tells anyone that someone else's unpublished question says the same.
    uniqueIndex("questions_published_text_idx").on(t.normalizedText).where(sql`status = 'published'`),
    // Finding the owner's own question with a text (directed AI, a team's questions).
    index("questions_normalized_text_idx").on(t.normalizedText),
    // The generator's lookup: one cell of the library, optionally one category.
    index("questions_cell_idx").on(t.meetingContext, t.questionStyle, t.engagementLevel, t.categoryId),
    index("questions_type_idx").on(t.type, t.questionStyle),
    // The community list's three sorts, over everything and per category, in exactly the
    // order list.server.ts asks for (DESC is NULLS FIRST in PostgreSQL), ending with the
    // id so a page's ids come from the index alone.
    index("questions_popular_idx")
      .on(t.totalVotes.desc().nullsFirst(), t.voteScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`status = 'published'`),
    index("questions_trending_idx")
      .on(t.voteScore.desc().nullsFirst(), t.totalVotes.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`status = 'published'`),
    index("questions_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id).where(sql`status = 'published'`),
    index("questions_category_popular_idx")
      .on(
        t.categoryId,
        t.totalVotes.desc().nullsFirst(),
        t.voteScore.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id,
      )
      .where(sql`status = 'published'`),
    index("questions_category_trending_idx")
      .on(
        t.categoryId,
        t.voteScore.desc().nullsFirst(),
        t.totalVotes.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id,
      )
      .where(sql`status = 'published'`),
    index("questions_category_newest_idx")
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`status = 'published'`),
    index("questions_author_idx").on(t.authorId),
    check("questions_type_check", sql`${t.type} in ('check-in', 'energizer', 'check-out')`),
    // "composed": written by the retired template composer, kept (retired) only where members voted, saved or planned it.
    check("questions_source_check", sql`${t.source} in ('curated', 'ai_generated', 'user_submitted', 'composed')`),
    // "retired": a curated question the library no longer holds, kept for the members who saved or voted on it.
    // "team": private to questions.team_id, never listed or served elsewhere.
    // "private": a Premium member's directed AI question, seen by its author only.
    check(
      "questions_status_check",
      sql`${t.status} in ('published', 'pending', 'rejected', 'retired', 'team', 'private')`,
    ),
    check("questions_team_status_check", sql`${t.status} <> 'team' or ${t.teamId} is not null`),
    check("questions_private_status_check", sql`${t.status} <> 'private' or ${t.authorId} is not null`),
    index("questions_team_idx").on(t.teamId).where(sql`team_id is not null`),
    check(
      "questions_format_check",
      sql`${t.format} in ('open', 'one-word', 'would-you-rather', 'pick-one', 'scale', 'high-low', 'chain', 'show-and-tell')`,
    ),
  ],
);

/**
 * Further categories a question genuinely fits, beside the one it was written
 * for (questions.category_id, which the generator's index covers).
 */
export const questionCategories = pgTable(
  "question_categories",
  {
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    // The question's labels, written with them by the library import (the only writer), so the
    // generator finds a category's further questions of a choice from this index alone.
    meetingContext: text("meeting_context").notNull(),
    questionStyle: text("question_style").notNull(),
    engagementLevel: text("engagement_level").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.categoryId] }),
    index("question_categories_choice_idx").on(t.categoryId, t.meetingContext, t.questionStyle, t.engagementLevel),
  ],
);

/** AI generations used per quota subject (an anonymous visitor, an IP, an account) in the current window. */
export const aiUsage = pgTable("ai_usage", {
  subject: text("subject").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  used: integer("used").notNull(),
});

/**
 * Request counters of the fixed-window limits (app/domain/limits): one row
 * per rule and subject, keyed by a member id or a keyed hash of an address,
 * never the address itself. Rows whose window has ended are deleted.
 */
export const requestLimits = pgTable(
  "request_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("request_limits_resets_idx").on(t.resetsAt)],
);

/** Which version of each content folder was last imported, so unchanged content is not re-read at start. */
export const contentImports = pgTable("content_imports", {
  name: text("name").primaryKey(),
  hash: text("hash").notNull(),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------
// Accounts. The first six tables belong to better-auth (field names are its
// model fields; see app/domain/accounts/auth.server.ts); profiles and
// everything after are ours.
// ---------------------------------------------------------------------------

/** better-auth is set to UUID ids and leaves generating them to the database. */
const authId = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable("users", {
  id: authId(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: authId(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Sign-in methods of a user: the password ("credential") and linked identities such as Google. */
export const accounts = pgTable(
  "accounts",
  {
    id: authId(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

/** Single-use, expiring tokens: e-mail verification, password reset, e-mail change. */
export const verifications = pgTable(
  "verifications",
  {
    id: authId(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier), index("verifications_expires_idx").on(t.expiresAt)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: authId(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/** Shared rate-limit counters, so limits hold across several app servers. */
export const rateLimits = pgTable("rate_limits", {
  id: authId(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** What CircleUp knows about a user beyond sign-in: display name, plan, admin flag. */
export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    /** The plan an admin granted; a paid subscription (`subscriptions`) makes an account Premium too. */
    plan: text("plan").notNull().default("free"),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** When the member agreed to product news by e-mail; null: never sent any. */
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    /** When a free member put away the note on what Premium adds; it is shown once. */
    premiumNoteDismissedAt: timestamp("premium_note_dismissed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("profiles_plan_check", sql`${t.plan} in ('free', 'premium')`)],
);

/** What each signed-in user was served, one row per user and question, newest first. */
export const generationHistory = pgTable(
  "generation_history",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    servedAt: timestamp("served_at", { withTimezone: true }).notNull().defaultNow(),
    // False once the member started this question's choice afresh: it stays in their history but is unseen
    // for the generator again, until it is served once more.
    seen: boolean("seen").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index("generation_history_recent_idx").on(t.userId, t.servedAt),
  ],
);

/**
 * Mail waiting to be sent. Sending is retried with growing waits, so an SMTP
 * outage delays mail but loses none, and never fails the request that wrote it.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Extra headers, such as List-Unsubscribe on product news. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** First-party product analytics: page views (with consent) and server-side events. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    path: text("path"),
    properties: jsonb("properties").$type<Record<string, string | number | boolean | null>>(),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_name_day_idx").on(t.name, t.createdAt)],
);

/** Every admin action: who, what, the record before and after, when. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt)],
);

/** One vote per user and question; the question's counters always equal these rows. */
export const votes = pgTable(
  "votes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    direction: text("direction").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index("votes_question_idx").on(t.questionId),
    check("votes_direction_check", sql`${t.direction} in ('up', 'down')`),
  ],
);

/** A user's saved questions, newest first. */
export const savedQuestions = pgTable(
  "saved_questions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index("saved_questions_recent_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Messages from the contact form; sender_key is the keyed hash of the sender's
 * address that the contact limit counts (request_limits), never the address.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    senderKey: text("sender_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_sender_idx").on(t.senderKey, t.createdAt)],
);

/**
 * Published questions per category ('' for none), kept exact by a trigger on
 * questions (migration 0004), so the list counts without scanning.
 */
export const publishedQuestionCounts = pgTable("published_question_counts", {
  categoryKey: text("category_key").primaryKey(),
  total: integer("total").notNull().default(0),
});

/** Questions a member asked never to be shown again by the generator ("don't show this again"). */
export const hiddenQuestions = pgTable(
  "hidden_questions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/**
 * A meeting plan: questions in the order they will be asked. Anyone may make
 * one and share its unguessable link; a member's plans are kept on their account.
 */
export const meetingPlans = pgTable(
  "meeting_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    questionIds: jsonb("question_ids").$type<string[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("meeting_plans_owner_idx").on(t.ownerId, t.createdAt)],
);

/**
 * A live round: a host asks one question after another and everyone answers
 * on their own device. Whoever holds the host token (a cookie on the device
 * that started it) or owns it runs it; tokens are stored as SHA-256 hashes.
 * The current question's state (position, revealed, locked) lives on this
 * row, and `last_seq` numbers its events: taking the next number locks the
 * row, so events are numbered in the order they commit, without gaps.
 */
export const liveRounds = pgTable(
  "live_rounds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    hostTokenHash: text("host_token_hash").notNull(),
    recapToken: text("recap_token").notNull().unique(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    anonymous: boolean("anonymous").notNull().default(false),
    revealMode: text("reveal_mode").notNull().default("host"),
    status: text("status").notNull().default("open"),
    position: integer("position").notNull().default(0),
    revealed: boolean("revealed").notNull().default(false),
    locked: boolean("locked").notNull().default(false),
    /** The host's choice when ending: participants' screens then link to the recap. */
    recapShared: boolean("recap_shared").notNull().default(false),
    /**
     * The host's answer timer for the room's screen, as last set: what was
     * left at `setAt` (the database's clock) and whether it runs. Cleared
     * when the round moves to another question.
     */
    timer: jsonb("timer").$type<{
      position: number;
      totalSeconds: number;
      remainingSeconds: number;
      running: boolean;
      setAt: string;
    }>(),
    /**
     * Set when each person gets a question of their own instead of one shared
     * question: the choice every participant's question is drawn from when
     * they join (meeting moment, style, depth and category, null for any).
     */
    perPerson: jsonb("per_person").$type<{
      meetingContext: string;
      questionStyle: string;
      engagementLevel: string;
      categorySlug: string | null;
    }>(),
    participantCount: integer("participant_count").notNull().default(0),
    maxParticipants: integer("max_participants").notNull(),
    /**
     * Set once the round is on its way to a chat channel (before its first
     * post is claimed): an answer or a host action queues the message's
     * update only then, read from the row the change already writes.
     */
    chatPosted: boolean("chat_posted").notNull().default(false),
    lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    /** After this the round takes no more joins or answers. */
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** When the round and its recap are deleted. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("live_rounds_expires_idx").on(t.expiresAt),
    check("live_rounds_status_check", sql`${t.status} in ('open', 'ended')`),
    check("live_rounds_reveal_mode_check", sql`${t.revealMode} in ('host', 'live')`),
  ],
);

/** The questions of a round in the order they are asked, copied so a recap outlives an edited question. */
export const liveRoundQuestions = pgTable(
  "live_round_questions",
  {
    roundId: uuid("round_id")
      .notNull()
      .references(() => liveRounds.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    questionId: uuid("question_id").references(() => questions.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    mode: text("mode").notNull(),
    options: text("options").array().notNull(),
    engagementLevel: text("engagement_level").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.position] })],
);

/** Someone who joined a round; they hold the token whose hash is kept here. */
export const liveParticipants = pgTable(
  "live_participants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => liveRounds.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    name: text("name"),
    /**
     * In a round where each person has their own question: the library
     * question drawn for them when they joined, and its text (copied, so the
     * round and its recap outlive an edited or deleted question).
     */
    questionId: uuid("question_id").references(() => questions.id, { onDelete: "set null" }),
    questionText: text("question_text"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("live_participants_round_idx").on(t.roundId, t.joinedAt),
    // No question is drawn twice in one round, whichever server seats the two people.
    uniqueIndex("live_participants_question_idx").on(t.roundId, t.questionId),
  ],
);

/** One participant's answer (or pass) to one question of a round; changing it updates the row. */
export const liveAnswers = pgTable(
  "live_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => liveRounds.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => liveParticipants.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    text: text("text"),
    choice: integer("choice"),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("live_answers_participant_idx").on(t.roundId, t.position, t.participantId),
    check("live_answers_kind_check", sql`${t.kind} in ('answer', 'pass')`),
  ],
);

/**
 * Everything that happened in a round, numbered: a reconnecting screen asks
 * for what came after the last number it saw. `audience` says who may
 * receive it ('host', or 'all' once answers are shown). A trigger notifies
 * channel `live_round_events` on insert, which is how every server learns of it.
 */
export const liveRoundEvents = pgTable(
  "live_round_events",
  {
    roundId: uuid("round_id")
      .notNull()
      .references(() => liveRounds.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    audience: text("audience").notNull(),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.seq] })],
);

/**
 * One row per housekeeping run (app/domain/housekeeping): which server ran
 * it, when, and how many rows of each kind it deleted. Runs never overlap
 * (they hold an advisory lock); a run deletes the rows older than a week.
 */
export const housekeepingRuns = pgTable(
  "housekeeping_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    server: text("server").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
    deleted: jsonb("deleted").$type<Record<string, number>>().notNull(),
  },
  (t) => [index("housekeeping_runs_started_idx").on(t.startedAt)],
);

/**
 * A team: people who meet again and again. Its members, series, meetings,
 * memory, collection and private questions all go with it (ON DELETE CASCADE).
 */
export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** An IANA time zone ("Europe/Berlin"): series' days and times are read in it. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** When the question of the day goes to the team's chat channel on weekdays (HH:MM on its clock); null: it does not. */
    questionOfDayAt: text("question_of_day_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("teams_question_of_day_at_check", sql`${t.questionOfDayAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`)],
);

/** Who belongs to a team and as what: exactly one owner, facilitators run meetings, members answer and read. */
export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_user_idx").on(t.userId),
    uniqueIndex("team_members_one_owner_idx").on(t.teamId).where(sql`role = 'owner'`),
    check("team_members_role_check", sql`${t.role} in ('owner', 'facilitator', 'member')`),
  ],
);

/**
 * An invitation to a team, by link (email null) or by e-mail. The token is
 * stored as its SHA-256 hash; it is used once and expires after 7 days.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email"),
    role: text("role").notNull().default("member"),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("team_invitations_team_idx").on(t.teamId, t.createdAt),
    check("team_invitations_role_check", sql`${t.role} in ('facilitator', 'member')`),
  ],
);

/**
 * A team's recurring meeting ("Monday stand-up"): what it asks (category,
 * moment, style, depth), when (its cadence and HH:MM in the team's time
 * zone, `app/shared/cadence.ts`), whether it opens with a pulse (a scale
 * question), and the question prepared for its next meeting: kept until a
 * host draws another or the meeting is started (who drew it, when).
 */
export const meetingSeries = pgTable(
  "meeting_series",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    meetingContext: text("meeting_context").notNull(),
    questionStyle: text("question_style").notNull(),
    engagementLevel: text("engagement_level").notNull(),
    /** weekly, every-two-weeks, monthly-weekday or monthly-date. */
    cadence: text("cadence").notNull().default("weekly"),
    /** 0 = Sunday; every cadence but a monthly date has one (every two weeks: the weekday of `startsOn`). */
    weekday: integer("weekday"),
    /** monthly-weekday: 1-4, or -1 for the last. */
    weekOfMonth: integer("week_of_month"),
    /** monthly-date: 1-31, the month's last day in a month without it. */
    dayOfMonth: integer("day_of_month"),
    /** every-two-weeks: a day it meets, which fixes its weeks. */
    startsOn: date("starts_on", { mode: "string" }),
    timeOfDay: text("time_of_day").notNull(),
    pulse: boolean("pulse").notNull().default(false),
    /** When each meeting's round opens for answers ahead of it: no, day-before, morning or hours-before. */
    opensAhead: text("opens_ahead").notNull().default("no"),
    /** Whether a round opened ahead is anonymous (the host chooses in the meeting otherwise). */
    aheadAnonymous: boolean("ahead_anonymous").notNull().default(false),
    /** One reminder before each meeting in the team's chat: no, hour-before, morning or day-before. */
    reminder: text("reminder").notNull().default("no"),
    nextQuestionId: uuid("next_question_id").references(() => questions.id, { onDelete: "set null" }),
    /** Null when CircleUp drew it by itself. */
    nextQuestionBy: text("next_question_by").references(() => users.id, { onDelete: "set null" }),
    nextQuestionAt: timestamp("next_question_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("meeting_series_team_idx").on(t.teamId),
    check("meeting_series_weekday_check", sql`${t.weekday} between 0 and 6`),
    check("meeting_series_time_check", sql`${t.timeOfDay} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("meeting_series_opens_ahead_check", sql`${t.opensAhead} in ('no', 'day-before', 'morning', 'hours-before')`),
    check(
      "meeting_series_cadence_check",
      sql`${t.cadence} in ('weekly', 'every-two-weeks', 'monthly-weekday', 'monthly-date')
        and (${t.weekday} is null) = (${t.cadence} = 'monthly-date')
        and (${t.weekOfMonth} is null) = (${t.cadence} <> 'monthly-weekday')
        and (${t.dayOfMonth} is null) = (${t.cadence} <> 'monthly-date')
        and (${t.startsOn} is null) = (${t.cadence} <> 'every-two-weeks')`,
    ),
    check("meeting_series_week_of_month_check", sql`${t.weekOfMonth} in (-1, 1, 2, 3, 4)`),
    check("meeting_series_day_of_month_check", sql`${t.dayOfMonth} between 1 and 31`),
    check("meeting_series_reminder_check", sql`${t.reminder} in ('no', 'hour-before', 'morning', 'day-before')`),
  ],
);

/** The members who opted in to host a series, in rotation order. */
export const seriesHosts = pgTable(
  "series_hosts",
  {
    seriesId: uuid("series_id")
      .notNull()
      .references(() => meetingSeries.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] })],
);

/**
 * One meeting a team held, of a series or on its own: who hosted, when, the
 * live round it ran (while that exists), its recap kept for the team, and
 * the pulse's counts per scale answer (aggregate only, never per person).
 */
export const teamMeetings = pgTable(
  "team_meetings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    seriesId: uuid("series_id").references(() => meetingSeries.id, { onDelete: "set null" }),
    hostId: text("host_id").references(() => users.id, { onDelete: "set null" }),
    heldAt: timestamp("held_at", { withTimezone: true }).notNull().defaultNow(),
    liveRoundId: uuid("live_round_id").references(() => liveRounds.id, { onDelete: "set null" }),
    /** The question prepared for it, taken from its series when it started: the first on its table and in its round. */
    questionId: uuid("question_id").references(() => questions.id, { onDelete: "set null" }),
    recap: jsonb("recap"),
    pulseCounts: integer("pulse_counts").array(),
    /** When its round opened ahead of it (held_at is then the meeting's planned time); null when started in the meeting. */
    answersOpenAt: timestamp("answers_open_at", { withTimezone: true }),
  },
  (t) => [
    index("team_meetings_team_idx").on(t.teamId, t.heldAt),
    // One meeting opened ahead per series and planned time: a doubled or retried opening finds it taken.
    uniqueIndex("team_meetings_opened_ahead_idx").on(t.seriesId, t.heldAt).where(sql`${t.answersOpenAt} is not null`),
    index("team_meetings_series_idx").on(t.seriesId, t.heldAt),
    index("team_meetings_round_idx").on(t.liveRoundId),
  ],
);

/**
 * Team memory: every time a question was used in one of the team's
 * meetings (presented, run live or marked as asked). The ladder skips a
 * question the team has used while a fitting unused one exists.
 */
export const teamQuestionUses = pgTable(
  "team_question_uses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    meetingId: uuid("meeting_id").references(() => teamMeetings.id, { onDelete: "set null" }),
    seriesId: uuid("series_id").references(() => meetingSeries.id, { onDelete: "set null" }),
    usedBy: text("used_by").references(() => users.id, { onDelete: "set null" }),
    how: text("how").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("team_question_uses_question_idx").on(t.teamId, t.questionId, t.usedAt),
    index("team_question_uses_recent_idx").on(t.teamId, t.usedAt),
    check("team_question_uses_how_check", sql`${t.how} in ('presented', 'live', 'asked')`),
  ],
);

/**
 * A host drew another question for a series' next meeting: which, in place
 * of which, by whom and when. The team's history lists it beside the uses.
 */
export const teamQuestionDraws = pgTable(
  "team_question_draws",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    seriesId: uuid("series_id").references(() => meetingSeries.id, { onDelete: "set null" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    replacedId: uuid("replaced_id").references(() => questions.id, { onDelete: "set null" }),
    drawnBy: text("drawn_by").references(() => users.id, { onDelete: "set null" }),
    drawnAt: timestamp("drawn_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("team_question_draws_team_idx").on(t.teamId, t.drawnAt),
    index("team_question_draws_series_idx").on(t.seriesId, t.drawnAt),
  ],
);

/** "Not for this team": a facilitator's word, holding team-wide whoever hosts. */
export const teamHiddenQuestions = pgTable(
  "team_hidden_questions",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.questionId] })],
);

/** The team's collection: questions saved from any card for the team's meetings. */
export const teamSavedQuestions = pgTable(
  "team_saved_questions",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.questionId] }),
    index("team_saved_questions_recent_idx").on(t.teamId, t.createdAt),
  ],
);

/**
 * An account's Stripe customer and its subscription, as Stripe last said
 * it was (the webhook handler reads the subscription itself, so events may
 * come in any order). One per account.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull().unique(),
    subscriptionId: text("subscription_id").unique(),
    /** Stripe's status: trialing, active, past_due, canceled, incomplete, incomplete_expired, unpaid, paused. */
    status: text("status"),
    /** "month" or "year". */
    billingInterval: text("billing_interval"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    currentPeriodEndsAt: timestamp("current_period_ends_at", { withTimezone: true }),
    /** Set once the subscription is cancelled: Premium lasts until then. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** A trial is offered once per account. */
    trialUsed: boolean("trial_used").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "subscriptions_interval_check",
      sql`${t.billingInterval} is null or ${t.billingInterval} in ('month', 'year')`,
    ),
  ],
);

/** Stripe events already handled, by id: a replayed or retried event changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An API token: `cu_<publicId>_<secret>`, shown once and stored as the
 * SHA-256 of the whole token. A personal token acts for `userId` (in every
 * team of theirs, or only in `teamId`); a team token acts in `teamId` for
 * the team, with `userId` the owner who made it. Tokens go with their
 * member and their team (ON DELETE CASCADE); a revoked one is kept so its
 * use is told apart from an unknown token's and the list shows it.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Shown beside the name so the owner can tell tokens apart; never enough to use one. */
    publicId: text("public_id").notNull().unique(),
    secretHash: text("secret_hash").notNull().unique(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    scopes: text("scopes").array().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Written at most once a minute: a script calling in a loop costs one write a minute, not one per call. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("api_tokens_user_idx").on(t.userId),
    index("api_tokens_team_idx").on(t.teamId),
    check("api_tokens_kind_check", sql`${t.kind} in ('personal', 'team')`),
    check("api_tokens_team_token_has_team", sql`${t.kind} = 'personal' or ${t.teamId} is not null`),
  ],
);

/**
 * A chat workspace a team owner connected (Slack now; Microsoft Teams,
 * Discord and Google Chat share the table), with the one channel its rounds
 * are posted to. The bot token is stored encrypted (AES-256-GCM, the app's
 * chat key) and deleted with the row when the app is uninstalled, its
 * tokens are revoked or the owner disconnects. One workspace per platform
 * for a team.
 */
export const chatInstallations = pgTable(
  "chat_installations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    workspaceId: text("workspace_id").notNull(),
    workspaceName: text("workspace_name"),
    botUserId: text("bot_user_id"),
    /** iv, tag and ciphertext, base64url, joined by dots. */
    botTokenSealed: text("bot_token_sealed").notNull(),
    channelId: text("channel_id"),
    channelName: text("channel_name"),
    installedBy: text("installed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chat_installations_team_platform_idx").on(t.teamId, t.platform),
    index("chat_installations_workspace_idx").on(t.platform, t.workspaceId),
    check("chat_installations_platform_check", sql`${t.platform} in ('slack', 'teams', 'discord', 'google-chat')`),
  ],
);

/**
 * What CircleUp posted (or is about to post) for a round: the key names the
 * post ("round" for the question's message, "summary:<position>" for a
 * revealed question's thread reply), so a retried job finds its post and
 * never posts twice. `messageId` is the platform's id (Slack's ts) once
 * posted; `shown` is what the message last said, so an update that changes
 * nothing is not sent. Deleted with the round.
 */
export const chatPosts = pgTable(
  "chat_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => liveRounds.id, { onDelete: "cascade" }),
    installationId: uuid("installation_id").references(() => chatInstallations.id, { onDelete: "set null" }),
    platform: text("platform").notNull(),
    channelId: text("channel_id").notNull(),
    key: text("key").notNull(),
    messageId: text("message_id"),
    shown: text("shown"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("chat_posts_round_key_idx").on(t.roundId, t.platform, t.key)],
);

/**
 * A chat user who answered a round, as the participant they became: their
 * platform's ids and the display name shown to the host (none in an
 * anonymous round). Deleted with the round.
 */
export const chatIdentities = pgTable(
  "chat_identities",
  {
    roundId: uuid("round_id")
      .notNull()
      .references(() => liveRounds.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    workspaceId: text("workspace_id").notNull(),
    userId: text("user_id").notNull(),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => liveParticipants.id, { onDelete: "cascade" }),
    displayName: text("display_name"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.platform, t.workspaceId, t.userId] })],
);

/**
 * A notice CircleUp posted (or is about to post) to a team's chat: a
 * reminder before a meeting ("reminder:<series>@<meeting instant>", with
 * ":<user>" for a direct message) or the question of the day
 * ("qotd:YYYY-MM-DD", with the question it asked). Written before the
 * platform is called and given its id after, so a retried job never posts
 * twice. Deleted with the team.
 */
export const chatNotices = pgTable(
  "chat_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    key: text("key").notNull(),
    /** The channel, or the user for a direct message. */
    target: text("target").notNull(),
    questionId: uuid("question_id").references(() => questions.id, { onDelete: "set null" }),
    messageId: text("message_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("chat_notices_team_key_idx").on(t.teamId, t.platform, t.key)],
);

/**
 * A chat user who asked for the team's meeting reminders by direct message
 * (Slack: /circleup remind): only the platform's ids and the team.
 */
export const chatReminderOptIns = pgTable(
  "chat_reminder_opt_ins",
  {
    platform: text("platform").notNull(),
    workspaceId: text("workspace_id").notNull(),
    userId: text("user_id").notNull(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.workspaceId, t.userId, t.teamId] }),
    index("chat_reminder_opt_ins_team_idx").on(t.teamId),
  ],
);
