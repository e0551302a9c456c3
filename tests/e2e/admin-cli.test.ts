import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndVerify } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** `npm run admin -- grant|revoke <email>`, on the embedded database of a stopped server. */
describe("the admin command for operators", () => {
  let smtp: SmtpTestServer;
  let server: RunningServer;
  let dataDir: string;

  const admin = (...args: string[]) =>
    spawnSync("npm", ["run", "--silent", "admin", "--", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The command works on the embedded database, as on a machine without DATABASE_URL.
    server = await startServer({ SMTP_URL: smtp.url }, { engine: "pglite" });
    dataDir = server.dataDir;
    await signUpAndVerify(new HttpClient(server.url), smtp, "ops@example.com");
    // PGlite serves one process at a time: stop the server, keep its data.
    server.process.kill("SIGTERM");
    await new Promise((resolve) => server.process.once("exit", resolve));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("grants and revokes admin by e-mail, case-insensitively", () => {
    const granted = admin("grant", "OPS@example.com");
    expect(granted.stderr).toBe("");
    expect(granted.stdout.trim()).toBe("ops@example.com is now an admin.");
    expect(granted.status).toBe(0);
    const revoked = admin("revoke", "ops@example.com");
    expect(revoked.stdout.trim()).toBe("ops@example.com is no longer an admin.");
  });

  it("says what is wrong with a bad call", () => {
    const unknown = admin("grant", "nobody@example.com");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe("No account uses nobody@example.com");
    const usage = admin("promote", "ops@example.com");
    expect(usage.status).toBe(2);
    expect(usage.stderr.trim()).toBe("Usage: npm run admin -- grant|revoke <email>");
  });
});
