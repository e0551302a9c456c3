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
      trustProxy: true,
    });
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
});
