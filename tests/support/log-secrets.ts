import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { TEST_PASSWORD } from "./accounts";

/**
 * Every secret a server's database holds after a test run (session tokens,
 * e-mail and reset tokens, account addresses) plus the tests' password,
 * searched for in that server's whole log: none may appear.
 */
export async function secretsInLog(dataDir: string, log: string): Promise<string[]> {
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    const { rows } = await db.query<{ kind: string; secret: string }>(
      `select 'session token' as kind, token as secret from sessions
       union all select 'verification token', value from verifications
       union all select 'e-mail address', email from users`,
    );
    const secrets = [...rows, { kind: "password", secret: TEST_PASSWORD }];
    return secrets.filter(({ secret }) => secret.length >= 8 && log.includes(secret)).map(({ kind }) => kind);
  } finally {
    await db.close();
  }
}
