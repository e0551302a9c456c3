import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { RoundRole } from "~/shared/live";
import { ROUND_EVENTS_CHANNEL, readEvents, type StoredEvent } from "./events.server";

/**
 * One open screen of a round on this server: the host's, a participant's,
 * or the room's (it hears the host's events too, as the stream gives them
 * to it: counted, never read; see roomEventOf).
 */
export type RoundListener = {
  role: RoundRole;
  /** A participant's seat: one screen per seat follows the round, the latest one. */
  participantId?: string | null;
  /** The client's address as limits count it (a keyed hash), for the cap on streams per address. */
  address?: string;
  /** The same object goes to every screen of the round, so it can be encoded once. */
  send(stored: StoredEvent): void;
  /** Host screens: how many participants' screens follow the round now, on every server. */
  connected?(count: number): void;
  /** This seat follows the round on a newer screen: told before the stream ends. */
  replaced?(): void;
  /** The round is gone, or this seat opened another screen: the stream ends. */
  close(): void;
};

/** Refused: the address holds as many streams on this server as it may. */
class TooManyStreams extends Error {
  override name = "TooManyStreams";
}

type Subscription = {
  listener: RoundListener;
  /** The last event number this screen has been given (or skipped, when it was not for it). */
  cursor: number;
  /** Until its own catch-up from the table is done, events the feed reads wait here. */
  waiting: StoredEvent[] | null;
  /** When it opened (ms since the epoch): a seat's newer screen ends the older ones, never the other way round. */
  openedAt: number;
};

type Feed = {
  subscriptions: Set<Subscription>;
  /** Participants' screens on the other servers, by server, as they last said. */
  elsewhere: Map<string, number>;
  /** The count last given to this round's host screens here. */
  told: number;
  /** A count of this server's screens is about to be published. */
  publishing: boolean;
  /** The last event number read from the table for this round. */
  read: number;
  reading: boolean;
  readAgain: boolean;
};

const PAGE = 500;
const RETRY_MS = 1_000;
/** Screens come and go in crowds: counts are published at most this often per round and server. */
const PRESENCE_MS = 250;

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
  private readonly streamsByAddress = new Map<string, number>();
  private stopListening: (() => Promise<void>) | undefined;
  /** Names this server in the counts it publishes. */
  private readonly serverId = crypto.randomUUID().slice(0, 8);

  constructor(
    private readonly db: Database,
    private readonly streamsPerAddress = Number.POSITIVE_INFINITY,
  ) {}

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

  /** Whether the address may open one more stream on this server. */
  hasRoomFor(address: string): boolean {
    return (this.streamsByAddress.get(address) ?? 0) < this.streamsPerAddress;
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
    const address = listener.address;
    if (address !== undefined) {
      const open = this.streamsByAddress.get(address) ?? 0;
      if (open >= this.streamsPerAddress) throw new TooManyStreams("Too many open streams from this address");
      this.streamsByAddress.set(address, open + 1);
    }
    let feed = this.feeds.get(roundId);
    if (!feed) {
      feed = {
        subscriptions: new Set(),
        read: afterSeq,
        reading: false,
        readAgain: false,
        elsewhere: new Map(),
        told: -1,
        publishing: false,
      };
      this.feeds.set(roundId, feed);
    }
    const subscription: Subscription = { listener, cursor: afterSeq, waiting: [], openedAt: Date.now() };
    feed.subscriptions.add(subscription);
    let subscribed = true;
    const unsubscribe = () => {
      if (!subscribed) return;
      subscribed = false;
      if (address !== undefined) {
        const open = (this.streamsByAddress.get(address) ?? 1) - 1;
        if (open > 0) this.streamsByAddress.set(address, open);
        else this.streamsByAddress.delete(address);
      }
      const current = this.feeds.get(roundId);
      if (!current) return;
      current.subscriptions.delete(subscription);
      if (current.subscriptions.size === 0) this.feeds.delete(roundId);
      if (listener.role === "participant") this.countChanged(roundId);
    };
    try {
      if (listener.participantId) await this.takeSeat(roundId, subscription, listener.participantId);
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
    if (listener.role === "participant") this.countChanged(roundId);
    else if (listener.role === "host") {
      // A new host screen learns every server's count: each publishes its own again.
      this.tellHosts(roundId, true);
      void this.notify(`${roundId}:count-asked`).catch(() => {});
    }
    return unsubscribe;
  }

  /**
   * A seat follows the round on one screen: the newest. The earlier ones
   * here end now, those on other servers when the notice reaches them.
   */
  private async takeSeat(roundId: string, mine: Subscription, participantId: string): Promise<void> {
    this.closeSeat(roundId, participantId, mine.openedAt, mine);
    await this.notify(`${roundId}:seat:${participantId}:${this.serverId}:${mine.openedAt}`);
  }

  private closeSeat(roundId: string, participantId: string, openedAt: number, keep: Subscription | null): void {
    const feed = this.feeds.get(roundId);
    if (!feed) return;
    for (const s of [...feed.subscriptions]) {
      if (s !== keep && s.listener.participantId === participantId && s.openedAt <= openedAt) {
        s.listener.replaced?.();
        s.listener.close();
      }
    }
  }

  private notify(payload: string): Promise<unknown> {
    return this.db.execute(sql`select pg_notify(${ROUND_EVENTS_CHANNEL}, ${payload})`);
  }

  /** How many participants' screens follow the round here. */
  private localCount(feed: Feed): number {
    let count = 0;
    for (const s of feed.subscriptions) if (s.listener.role === "participant") count += 1;
    return count;
  }

  /** This server's count changed: host screens here hear at once, other servers within PRESENCE_MS. */
  private countChanged(roundId: string): void {
    this.tellHosts(roundId, false);
    const feed = this.feeds.get(roundId);
    if (feed?.publishing) return;
    if (feed) feed.publishing = true;
    setTimeout(() => {
      const current = this.feeds.get(roundId);
      if (current) current.publishing = false;
      const count = current ? this.localCount(current) : 0;
      void this.notify(`${roundId}:count:${this.serverId}:${count}`).catch(() => {});
    }, PRESENCE_MS).unref();
  }

  private tellHosts(roundId: string, always: boolean): void {
    const feed = this.feeds.get(roundId);
    if (!feed) return;
    let total = this.localCount(feed);
    for (const count of feed.elsewhere.values()) total += count;
    if (!always && total === feed.told) return;
    feed.told = total;
    for (const s of feed.subscriptions) if (s.listener.role === "host") s.listener.connected?.(total);
  }

  /** Notices between servers about screens, not events: seats taken elsewhere, and counts. */
  private screensNotice(roundId: string, feed: Feed, what: string, rest: string[]): void {
    if (what === "seat") {
      const [participantId = "", server, openedAt] = rest;
      if (server !== this.serverId) this.closeSeat(roundId, participantId, Number(openedAt) || 0, null);
    } else if (what === "count") {
      const [server = "", count] = rest;
      if (server === this.serverId) return;
      feed.elsewhere.set(server, Number(count) || 0);
      this.tellHosts(roundId, false);
    } else if (what === "count-asked" && this.localCount(feed) > 0) {
      this.countChanged(roundId);
    }
  }

  private notified(payload: string): void {
    const [roundId = "", what = "", audience, ...rest] = payload.split(":");
    const feed = this.feeds.get(roundId);
    if (!feed) return;
    if (what === "seat" || what === "count" || what === "count-asked") {
      this.screensNotice(roundId, feed, what, audience === undefined ? rest : [audience, ...rest]);
      return;
    }
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
    // with no host or room screen here, needs no reading.
    if (audience === "host" && !feed.reading && seq === feed.read + 1 && !hearsHostEvents(feed)) {
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

function hearsHostEvents(feed: Feed): boolean {
  for (const s of feed.subscriptions) if (s.listener.role !== "participant") return true;
  return false;
}

function deliver(subscription: Subscription, stored: StoredEvent): void {
  if (stored.seq <= subscription.cursor) return;
  subscription.cursor = stored.seq;
  if (stored.audience === "all" || subscription.listener.role !== "participant") {
    subscription.listener.send(stored);
  }
}
