import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config.server";
import {
  answerFromModal,
  answerModal,
  DISCORD_IDS,
  parseTarget,
  roundMessageBody,
  targetId,
} from "~/domain/chat/discord.server";

const KEY = "a".repeat(64);
const ROUND = "0b0c3f4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

describe("Discord's settings", () => {
  it("are all three or none, and name what is missing without repeating the secret", () => {
    expect(parseConfig({}).discord).toBeUndefined();
    const attempt = () =>
      parseConfig({ DISCORD_APPLICATION_ID: "800000000000000001", DISCORD_CLIENT_SECRET: "s3cr3t" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/DISCORD_PUBLIC_KEY/);
    expect(attempt).not.toThrow(/s3cr3t/);
    const full = parseConfig({
      DISCORD_APPLICATION_ID: "800000000000000001",
      DISCORD_PUBLIC_KEY: KEY.toUpperCase(),
      DISCORD_CLIENT_SECRET: "s3cr3t",
    }).discord;
    expect(full).toEqual({
      applicationId: "800000000000000001",
      publicKey: KEY,
      clientSecret: "s3cr3t",
      apiUrl: "https://discord.com/api/v10",
    });
  });

  it("refuse a public key that is not the portal's 64 hex digits", () => {
    expect(() => parseConfig({ DISCORD_PUBLIC_KEY: "not-a-key" })).toThrow(
      /^Invalid configuration: DISCORD_PUBLIC_KEY must be the 64 hex digits/,
    );
  });
});

describe("Discord's round message and Answer form", () => {
  const target = { roundId: ROUND, position: 2 };

  it("carries the round and the question's position in the button, and drops the button once the round ends", () => {
    const message = {
      roundId: ROUND,
      position: 2,
      question: { text: "What is **new** @everyone?", mode: "text" as const, options: [] },
      answered: 1,
      open: true,
    };
    const body = roundMessageBody(message);
    expect(body.content).toContain("What is \\*\\*new\\*\\* @\u200beveryone?");
    expect(body.content).toContain("1 person answered");
    expect(body.allowed_mentions).toEqual({ parse: [] });
    const row = body.components?.[0] as { components: { custom_id: string }[] } | undefined;
    const customId = row?.components[0]?.custom_id;
    expect(parseTarget(DISCORD_IDS.answer, customId)).toEqual(target);
    expect(roundMessageBody({ ...message, open: false }).components).toEqual([]);
  });

  it("asks a pick with a select of its options, and reads the pick back as a choice", () => {
    const modal = answerModal(target, { text: "Coffee or tea?", mode: "pick", options: ["Coffee", "Tea"] });
    expect(parseTarget(DISCORD_IDS.answerForm, modal.custom_id)).toEqual(target);
    const label = modal.components[1] as { type: number; component: { type: number; options: { value: string }[] } };
    expect(label.type).toBe(18);
    expect(label.component.type).toBe(3);
    expect(label.component.options.map((o) => o.value)).toEqual(["0", "1"]);
    const submitted = [{ type: 18, id: 2, component: { type: 3, custom_id: "answer", values: ["1"] } }];
    expect(answerFromModal(submitted, 2)).toEqual({ position: 2, choice: 1 });
  });

  it("reads a text answer from a Label or from an action row alike", () => {
    const inLabel = [{ type: 18, component: { type: 4, custom_id: "answer", value: "calm" } }];
    const inRow = [{ type: 1, components: [{ type: 4, custom_id: "answer", value: "calm" }] }];
    expect(answerFromModal(inLabel, 0)).toEqual({ position: 0, text: "calm" });
    expect(answerFromModal(inRow, 0)).toEqual({ position: 0, text: "calm" });
  });

  it("refuses a custom_id that is not its own", () => {
    expect(parseTarget(DISCORD_IDS.answer, "circleup:another:x")).toBeNull();
    expect(parseTarget(DISCORD_IDS.answer, `${DISCORD_IDS.answer}:${ROUND}:two`)).toBeNull();
    expect(parseTarget(DISCORD_IDS.answer, targetId(DISCORD_IDS.answer, target))).toEqual(target);
  });
});
