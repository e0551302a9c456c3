import net from "node:net";

/** The end-to-end files of several servers: they mostly wait on their servers and jobs, and run beside the page files without a slot. */
export const isClusterFile = (file: string) => file.endsWith("-cluster.test.ts");

/** Where the run's page slots are handed out, set by the end-to-end global setup for every test process. */
const PAGE_SLOTS = "CIRCLEUP_TEST_PAGE_SLOTS";

/**
 * For the global setup: at most `count` files that look at pages run at
 * once, whatever else runs beside them. A file holds its slot as long as
 * its connection is open, so a test process that dies gives its slot back.
 * Resolves to its stop.
 */
export async function startPageSlots(count: number): Promise<() => Promise<void>> {
  const holders = new Set<net.Socket>();
  const waiting: net.Socket[] = [];
  const admit = () => {
    while (holders.size < count && waiting.length > 0) {
      const next = waiting.shift() as net.Socket;
      holders.add(next);
      next.write("go");
    }
  };
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    socket.on("close", () => {
      holders.delete(socket);
      const queued = waiting.indexOf(socket);
      if (queued >= 0) waiting.splice(queued, 1);
      admit();
    });
    waiting.push(socket);
    admit();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env[PAGE_SLOTS] = String((server.address() as net.AddressInfo).port);
  return async () => {
    delete process.env[PAGE_SLOTS];
    for (const socket of [...holders, ...waiting]) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

/**
 * Waits for one of the run's page slots and resolves to its release.
 * Outside a test run (no slots handed out) it resolves at once.
 */
export async function takePageSlot(): Promise<() => void> {
  const port = process.env[PAGE_SLOTS];
  if (!port) return () => {};
  const socket = net.connect(Number(port), "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("data", () => resolve());
    socket.once("error", reject);
    socket.once("close", () => reject(new Error("The run's page slots closed before this file got one")));
  });
  return () => socket.destroy();
}
