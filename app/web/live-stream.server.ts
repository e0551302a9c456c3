import type { StoredEvent } from "~/domain/live/events.server";
import type { RoundHub } from "~/domain/live/hub.server";
import { participantEventOf } from "~/domain/live/own-questions";
import { roomEventOf } from "~/domain/live/room-screen";
import type { RoundRole, RoundView } from "~/shared/live";

/** Often enough that proxies and phones keep an idle stream open (nginx closes after 60 s of silence). */
const KEEP_ALIVE_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;

const encoder = new TextEncoder();
const REPLACED = encoder.encode("event: replaced\ndata: {}\n\n");
/** One encoding per event and kind of screen, however many screens it goes to. */
const frames: Record<RoundRole, WeakMap<StoredEvent, Uint8Array>> = {
  host: new WeakMap(),
  participant: new WeakMap(),
  room: new WeakMap(),
};

/**
 * What each kind of screen is sent of an event: the host all of it; the
 * room's screen the host's events as counts only (roomEventOf); a phone no
 * other person's own question (participantEventOf).
 */
const eventFor: Record<RoundRole, (stored: StoredEvent) => unknown> = {
  host: (stored) => stored.event,
  participant: participantEventOf,
  room: roomEventOf,
};

function frameOf(stored: StoredEvent, role: RoundRole): Uint8Array {
  const cache = frames[role];
  let frame = cache.get(stored);
  if (!frame) {
    const event = eventFor[role](stored);
    // An event a screen is sent whole is encoded once for every screen that is.
    frame =
      role !== "host" && event === stored.event
        ? frameOf(stored, "host")
        : encoder.encode(`id: ${stored.seq}\nevent: round\ndata: ${JSON.stringify(event)}\n\n`);
    cache.set(stored, frame);
  }
  return frame;
}

/**
 * The number after which a reconnecting browser wants events (its
 * Last-Event-ID), if it sent a usable one. Only the host's screen resumes
 * from the table: a participant starts afresh from a snapshot, which holds
 * only what they may see now (never a hidden answer, nor the earlier
 * version of a changed one).
 */
export function lastEventId(request: Request): number | null {
  const header = request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("after");
  if (!header || !/^\d{1,15}$/.test(header)) return null;
  return Number(header);
}

type StreamOptions = {
  hub: RoundHub;
  roundId: string;
  role: RoundRole;
  /** A participant's seat: a newer stream of the same seat ends this one. */
  participantId: string | null;
  /** The client's address as limits count it, for the cap on open streams. */
  address: string;
  /** Sent first when the browser starts afresh; events follow from its number. */
  snapshot: RoundView | null;
  /** Without a snapshot: the last event the browser has. */
  afterSeq: number;
  /** An ended round sends what it has and closes. */
  ended: boolean;
};

/**
 * A round's events as Server-Sent Events: a snapshot (or the events missed
 * since Last-Event-ID), then every new event meant for this screen, each
 * with its number as the SSE id, so EventSource resumes by itself after a
 * drop. `no-transform` keeps compression from holding events back.
 */
export function roundEventStream(request: Request, options: StreamOptions): Response {
  let unsubscribe: (() => void) | undefined;
  let keepAlive: NodeJS.Timeout | undefined;
  let closed = false;
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;

  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    unsubscribe?.();
    try {
      controllerRef?.close();
    } catch {
      // Already closed by the client going away.
    }
  };

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controllerRef = controller;
      const write = (bytes: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(bytes);
        } catch {
          close();
        }
      };
      write(encoder.encode(`retry: ${RETRY_MS}\n\n`));
      const { snapshot } = options;
      if (snapshot)
        write(encoder.encode(`id: ${snapshot.seq}\nevent: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`));
      if (options.ended) {
        if (!snapshot) {
          // A reconnect to an ended round: what it missed, then the end.
          const missed: StoredEvent[] = [];
          const collect = await options.hub
            .subscribe(
              options.roundId,
              { role: options.role, send: (e) => missed.push(e), close: () => {} },
              options.afterSeq,
            )
            .catch(() => undefined);
          collect?.();
          for (const stored of missed) write(frameOf(stored, options.role));
        }
        close();
        return;
      }
      request.signal.addEventListener("abort", close);
      try {
        const stop = await options.hub.subscribe(
          options.roundId,
          {
            role: options.role,
            participantId: options.participantId,
            address: options.address,
            send: (stored) => write(frameOf(stored, options.role)),
            connected: (count) => write(encoder.encode(`event: connected\ndata: ${count}\n\n`)),
            // The browser stops here instead of reconnecting and taking the seat back.
            replaced: () => write(REPLACED),
            close,
          },
          snapshot?.seq ?? options.afterSeq,
        );
        if (closed) stop();
        else unsubscribe = stop;
      } catch {
        // The database is away: the browser reconnects and resumes from its last event.
        close();
        return;
      }
      keepAlive = setInterval(() => write(encoder.encode(": keep-alive\n\n")), KEEP_ALIVE_MS);
    },
    cancel: close,
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
