import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config.server";

describe("configuration from the environment", () => {
  it("needs nothing to run locally", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appName: "CircleUp",
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      env: "production",
    });
    expect(config.dataDir).toBe(path.resolve("./data"));
  });

  it("lets one address hold about 90 MB of a server in live streams by default, and a room of 1,000 phones", () => {
    // About 90 KB an open stream, measured with 600 streams of one round on one server.
    const cap = parseConfig({}).live.streamsPerAddress;
    expect((cap * 90) / 1024).toBeLessThanOrEqual(100);
    expect(cap).toBeGreaterThanOrEqual(1000);
  });

  it("reads every documented variable", () => {
    const config = parseConfig({
      PORT: "8080",
      DATA_DIR: "/srv/circleup",
      DATABASE_URL: "postgres://app:pw@db:5432/circleup",
      APP_NAME: "TeamTalk",
      PUBLIC_URL: "https://circleup.example/",
      CONTACT_EMAIL: "hello@circleup.example",
      TRUST_PROXY: "true",
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/srv/circleup",
      databaseUrl: "postgres://app:pw@db:5432/circleup",
      appName: "TeamTalk",
      publicUrl: "https://circleup.example",
      contactEmail: "hello@circleup.example",
      trustProxy: 1,
    });
  });

  it.each([
    ["false", false],
    ["0", false],
    ["true", 1],
    ["2", 2],
    ["loopback, 10.0.0.0/8", ["loopback", "10.0.0.0/8"]],
    ["::1,fd00::/8", ["::1", "fd00::/8"]],
  ])("reads TRUST_PROXY=%s as hops or proxy addresses", (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(["yes", "10.0.0.0/40", "proxy.example", "-1"])("refuses TRUST_PROXY=%s", (value) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be false, a number of proxy hops/);
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", PUBLIC_URL: "" }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT must be a number \(got "eighty"\)$/],
    [{ PORT: "70000" }, /^Invalid configuration: PORT must be between 1 and 65535/],
    [{ PUBLIC_URL: "circleup.example" }, /^Invalid configuration: PUBLIC_URL must be an http\(s\) URL/],
    [{ APP_NAME: "  " }, /^Invalid configuration: APP_NAME must not be empty/],
    [{ CONTACT_EMAIL: "not-an-email" }, /^Invalid configuration: CONTACT_EMAIL must be an e-mail address/],
  ])("stops with one line naming the variable: %o", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it("never repeats a database URL in its error, since it may hold a password", () => {
    const attempt = () => parseConfig({ DATABASE_URL: "mysql://root:hunter2@db/app" });
    expect(attempt).toThrow(/^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/);
  });

  it("reads the account and e-mail settings", () => {
    const config = parseConfig({
      ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,",
      SMTP_URL: "smtp://user:pw@mail.example:587",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      PUBLIC_URL: "https://circleup.example",
    });
    expect(config.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
    expect(config.smtpUrl).toBe("smtp://user:pw@mail.example:587");
    expect(config.mailFrom).toBe("CircleUp <no-reply@circleup.example>");
    expect(config.google).toEqual({ clientId: "id", clientSecret: "secret", issuer: "https://accounts.google.com" });
    // Google needs both halves; one alone shows no button.
    expect(parseConfig({ GOOGLE_CLIENT_ID: "id" }).google).toBeUndefined();
    expect(parseConfig({}).mailFrom).toBe("CircleUp <no-reply@localhost.localdomain>");
  });

  it.each([
    [{ SMTP_URL: "http://user:hunter2@mail.example" }, "SMTP_URL must be an smtp:// or smtps:// URL"],
    [{ AUTH_SECRET: "hunter2" }, "AUTH_SECRET must be at least 32 characters"],
  ])("names a bad secret setting without repeating it: %o", (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
    expect(() => parseConfig(env)).not.toThrow(/hunter2/);
  });

  it("names a bad admin list", () => {
    expect(() => parseConfig({ ADMIN_EMAILS: "boss@example.com, nope" })).toThrow(
      /^Invalid configuration: ADMIN_EMAILS must be a comma-separated list of e-mail addresses/,
    );
  });
});
