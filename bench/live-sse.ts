import http from "node:http";

/**
 * One message of a Server-Sent Events stream. The data stays bytes: a reveal
 * carries every answer and goes to every participant, and decoding it once
 * per stream would cost the machine the servers run on more than they do.
 */
export type SseFrame = { id: string | null; event: string; data: Buffer };

export type SseStream = {
  /** Resolves when the server ends the stream or the connection drops, with why. */
  ended: Promise<string>;
  close(): void;
};

const BLANK_LINE = Buffer.from("\n\n");
const NEWLINE = Buffer.from("\n");

/** The fields of one message; null for a comment or a lone `retry:`. */
function parseFrame(block: Buffer): SseFrame | null {
  let id: string | null = null;
  let event = "message";
  const data: Buffer[] = [];
  for (let start = 0; start < block.length; ) {
    const newline = block.indexOf(10, start);
    const end = newline < 0 ? block.length : newline;
    const line = block.subarray(start, end);
    start = end + 1;
    if (line.length === 0 || line[0] === 58) continue;
    const colon = line.indexOf(58);
    const field = (colon < 0 ? line : line.subarray(0, colon)).toString();
    const value = colon < 0 ? Buffer.alloc(0) : line.subarray(line[colon + 1] === 32 ? colon + 2 : colon + 1);
    if (field === "id") id = value.toString();
    else if (field === "event") event = value.toString();
    else if (field === "data") {
      if (data.length > 0) data.push(NEWLINE);
      data.push(value);
    }
  }
  if (data.length === 0) return null;
  return { id, event, data: data.length === 1 ? (data[0] as Buffer) : Buffer.concat(data) };
}

/**
 * Opens an event stream and hands over each message as it completes.
 * Resolves once the server has answered 200 with an event stream; rejects
 * with the status and body otherwise. The server ends lines with "\n" only.
 */
export function openEventStream(
  url: string,
  headers: Record<string, string>,
  agent: http.Agent,
  onFrame: (frame: SseFrame) => void,
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { accept: "text/event-stream", ...headers } }, (response) => {
      const type = response.headers["content-type"] ?? "";
      if (response.statusCode !== 200 || !type.startsWith("text/event-stream")) {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => reject(new Error(`${response.statusCode} ${body.slice(0, 200)}`)));
        return;
      }
      // A message's bytes so far; a reveal spans many chunks, which are kept, not copied, until it ends.
      let pending: Buffer[] = [];
      let endsWithNewline = false;
      const finish = (last: Buffer) => {
        const frame = parseFrame(pending.length === 0 ? last : Buffer.concat([...pending, last]));
        pending = [];
        if (frame) onFrame(frame);
      };
      response.on("data", (chunk: Buffer) => {
        let from = 0;
        // The blank line may straddle two chunks.
        if (endsWithNewline && chunk[0] === 10) {
          const last = pending.pop() as Buffer;
          finish(last.subarray(0, -1));
          from = 1;
        }
        for (;;) {
          const end = chunk.indexOf(BLANK_LINE, from);
          if (end < 0) break;
          finish(chunk.subarray(from, end));
          from = end + 2;
        }
        if (from < chunk.length) pending.push(chunk.subarray(from));
        endsWithNewline = pending.length > 0 && chunk[chunk.length - 1] === 10;
      });
      const ended = new Promise<string>((done) => {
        response.on("end", () => done("ended by the server"));
        response.on("error", (error) => done(error.message));
        response.on("close", () => done("connection closed"));
      });
      resolve({ ended, close: () => request.destroy() });
    });
    request.on("error", reject);
  });
}
