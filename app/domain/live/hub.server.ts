import type { Database } from "~/db/database.server";
import type { RoundRole } from "~/shared/live";
import { ROUND_EVENTS_CHANNEL, readEvents, type StoredEvent } from "./events.server";

/** One open screen of a round on this server: the host's, or a participant's. */
export type RoundListener = {
  role: RoundRole;
  /** The same object goes to every screen of the round, so it can be encoded once. */
  send(stored: StoredEvent): void;
  /** The round is gone: the stream ends. */
  close(): void;
};

type Subscription = {
  listener: RoundListener;
  /** The last event number this screen has been given (or skipped, when it was not for it). */
  cursor: number;
  /** Until its own catch-up from the table is done, events the feed reads wait here. */
  waiting: StoredEvent[] | null;
};

type Feed = {
  subscriptions: Set<Subscription>;
  /** The last event number read from the table for this round. */
  read: number;
  reading: boolean;
  readAgain: boolean;
};

const PAGE = 500;
const RETRY_MS = 1_000;

type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onResume: () => void,
) => Promise<() => Promise<void>>;

/**
 * Carries a round's events to the screens connected to this server. Every
 * event is a row, numbered per round; its insert notifies all servers of
 * the database (LISTEN/NOTIFY), and the feed of a round with screens here
 * reads the new rows once and hands each to every screen it is meant for.
 * A screen that connects, or reconnects after a drop, first reads what it
 * missed from the table itself, so nothing is lost between the two.
 */
export class RoundHub {
  private readonly feeds = new Map<string, Feed>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(private readonly db: Database) {}

  async start(listen: Listen): Promise<void> {
    this.stopListening = await listen(
      ROUND_EVENTS_CHANNEL,
      (payload) => this.notified(payload),
      // Notifications sent while the listening connection was down are lost: read every feed again.
      () => {
        for (const roundId of this.feeds.keys()) this.readFeed(roundId);
      },
    );
  }

  /** Ends every stream (clients reconnect to another server) and stops listening. */
  async stop(): Promise<void> {
    for (const feed of this.feeds.values()) for (const s of feed.subscriptions) s.listener.close();
    this.feeds.clear();
    await this.stopListening?.();
  }

  /** How many screens are connected to this server. */
  connections(): number {
    let total = 0;
    for (const feed of this.feeds.values()) total += feed.subscriptions.size;
    return total;
  }

  /**
   * Sends the screen every event of the round after `afterSeq` meant for it,
   * then each new one as it happens, until the returned function is called.
   */
  async subscribe(roundId: string, listener: RoundListener, afterSeq: number): Promise<() => void> {
    let feed = this.feeds.get(roundId);
    if (!feed) {
      feed = { subscriptions: new Set(), read: afterSeq, reading: false, readAgain: false };
      this.feeds.set(roundId, feed);
    }
    const subscription: Subscription = { listener, cursor: afterSeq, waiting: [] };
    feed.subscriptions.add(subscription);
    const unsubscribe = () => {
      const current = this.feeds.get(roundId);
      if (!current) return;
      current.subscriptions.delete(subscription);
      if (current.subscriptions.size === 0) this.feeds.delete(roundId);
    };
    try {
      for (let after = afterSeq; ; ) {
        const page = await readEvents(this.db, roundId, after, PAGE);
        for (const stored of page) deliver(subscription, stored);
        if (page.length < PAGE) break;
        after = page.at(-1)?.seq ?? after;
      }
    } catch (error) {
      unsubscribe();
      throw error;
    }
    const waiting = subscription.waiting ?? [];
    subscription.waiting = null;
    for (const stored of waiting) deliver(subscription, stored);
    return unsubscribe;
  }

  private notified(payload: string): void {
    const [roundId = "", what = "", audience] = payload.split(":");
    const feed = this.feeds.get(roundId);
    if (!feed) return;
    if (what === "deleted") {
      this.feeds.delete(roundId);
      for (const s of feed.subscriptions) {
        s.listener.send({ seq: s.cursor + 1, audience: "all", event: { type: "deleted" } });
        s.listener.close();
      }
      return;
    }
    const seq = Number(what);
    // Notifications arrive in the order the events were numbered: a host-only event next in line,
    // with no host screen here, needs no reading.
    if (audience === "host" && !feed.reading && seq === feed.read + 1 && !hasHost(feed)) {
      feed.read = seq;
      return;
    }
    if (seq > feed.read) this.readFeed(roundId);
  }

  private async readFeed(roundId: string): Promise<void> {
    const feed = this.feeds.get(roundId);
    if (!feed) return;
    if (feed.reading) {
      feed.readAgain = true;
      return;
    }
    feed.reading = true;
    try {
      do {
        feed.readAgain = false;
        const page = await readEvents(this.db, roundId, feed.read, PAGE);
        for (const stored of page) {
          for (const s of feed.subscriptions) {
            if (s.waiting) s.waiting.push(stored);
            else deliver(s, stored);
          }
          feed.read = stored.seq;
        }
        if (page.length === PAGE) feed.readAgain = true;
      } while (feed.readAgain && this.feeds.get(roundId) === feed);
    } catch {
      // The database is away: try again shortly; screens see the events late, never lose them.
      setTimeout(() => this.readFeed(roundId), RETRY_MS).unref();
    } finally {
      feed.reading = false;
    }
  }
}

function hasHost(feed: Feed): boolean {
  for (const s of feed.subscriptions) if (s.listener.role === "host") return true;
  return false;
}

function deliver(subscription: Subscription, stored: StoredEvent): void {
  if (stored.seq <= subscription.cursor) return;
  subscription.cursor = stored.seq;
  if (stored.audience === "all" || subscription.listener.role === "host") {
    subscription.listener.send(stored);
  }
}
