import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The secret that signs sessions and e-mail tokens. AUTH_SECRET wins; without
 * it a random secret is created once and kept in DATA_DIR, so `npm start`
 * needs no setup and sessions survive restarts. Several servers sharing one
 * database must all set AUTH_SECRET.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: create it below.
  }
  const secret = crypto.randomBytes(48).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
