import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Seals chat platforms' bot tokens for the database: AES-256-GCM under a
 * 32-byte key derived (HKDF-SHA256) from the configured chat key or, without
 * one, from the app's secret, so a copy of the database alone holds no
 * usable token. The stored form is `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export type TokenSeal = { seal(token: string): string; open(sealed: string): string | null };

export function tokenSeal(secret: string): TokenSeal {
  const key = Buffer.from(hkdfSync("sha256", secret, "circleup", "chat bot tokens", 32));
  return {
    seal(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        // Sealed under another key (the key was changed): the workspace has to be connected again.
        return null;
      }
    },
  };
}
