/**
 * This process's metrics, in Prometheus' text format at /metrics. Every
 * server keeps its own: a scraper reads each one, and sums them.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Mailer } from "~/domain/email/mailer.server";

const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Where the gauges read what they report, read at each scrape (set at start; zero until then). */
export type MetricSources = {
  liveStreams(): number | Promise<number>;
  roundsRunning(): Promise<number>;
  /** Waiting and given-up jobs per queue of the job queue. */
  queues(): Promise<{ queue: string; pending: number; failed: number }[]>;
};

let sources: MetricSources | undefined;

export function measureFrom(given: MetricSources): void {
  sources = given;
}

const requestDuration = new Histogram({
  name: "circleup_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by route pattern (never the address itself), method and status class",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Records one answered request; `route` is its pattern ("/live/{code}"), so codes and tokens stay out. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  requestDuration.observe({ route, method, status: `${Math.floor(status / 100)}xx` }, seconds);
}

new Gauge({
  name: "circleup_live_streams_open",
  help: "Live round event streams open on this server",
  registers: [registry],
  async collect() {
    this.set((await sources?.liveStreams()) ?? 0);
  },
});

new Gauge({
  name: "circleup_live_rounds_running",
  help: "Live rounds open for answers (all servers of the database)",
  registers: [registry],
  async collect() {
    this.set((await sources?.roundsRunning()) ?? 0);
  },
});

type QueueStats = Awaited<ReturnType<MetricSources["queues"]>>;
let queueReading: Promise<QueueStats> | undefined;

/** One read of the queues serves both of their gauges in a scrape (prom-client collects them at once). */
function readQueues(): Promise<QueueStats> {
  queueReading ??= (sources?.queues() ?? Promise.resolve([])).finally(() => {
    queueReading = undefined;
  });
  return queueReading;
}

for (const [name, help, field] of [
  ["circleup_job_queue_depth", "Work waiting to be done, by queue (all servers of the database)", "pending"],
  [
    "circleup_job_queue_failed",
    "Work given up after its last attempt, by queue (all servers of the database)",
    "failed",
  ],
] as const) {
  new Gauge({
    name,
    help,
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      for (const stats of await readQueues()) this.set({ queue: stats.queue }, stats[field]);
    },
  });
}

const mailSent = new Counter({
  name: "circleup_mail_sent_total",
  help: "Mails handed to the mail server (or written to the outbox folder) by this server",
  registers: [registry],
});
const mailFailed = new Counter({
  name: "circleup_mail_failed_total",
  help: "Attempts to send a mail that failed on this server (the outbox retries them)",
  registers: [registry],
});

/** The mailer, counting what it sends and what fails. */
export function countedMailer(mailer: Mailer): Mailer {
  return {
    describe: mailer.describe,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        mailFailed.inc();
        throw error;
      }
      mailSent.inc();
    },
  };
}

export function metricsText(): Promise<string> {
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;
