import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { answerFromCard, roundCard } from "~/domain/chat/teams.server";

const message = (mode: "text" | "word" | "scale" | "pick", open = true) => ({
  roundId: "0b6d6d3e-2f4c-4c36-9a51-3d1c1a0c9b7e",
  position: 1,
  question: { text: "How full is your cup?", mode, options: mode === "pick" ? ["Tea", "Coffee"] : [] },
  answered: 1,
  open,
});

type Card = {
  body: { type: string; choices?: { title: string; value: string }[]; isMultiline?: boolean }[];
  actions?: { title: string; data: Record<string, unknown> }[];
};
const content = (card: ReturnType<typeof roundCard>) => card.content as unknown as Card;

describe("the round's card in Microsoft Teams", () => {
  it("asks a pick with its options and a text question with a text field, and counts people", () => {
    const pick = content(roundCard(message("pick")));
    expect(pick.body.find((e) => e.type === "Input.ChoiceSet")?.choices).toEqual([
      { title: "Tea", value: "0" },
      { title: "Coffee", value: "1" },
    ]);
    expect(JSON.stringify(pick.body)).toContain("1 person answered");
    const text = content(roundCard(message("text")));
    expect(text.body.find((e) => e.type === "Input.Text")?.isMultiline).toBe(true);
  });

  it("has no form once the round has ended", () => {
    const ended = content(roundCard(message("word", false)));
    expect(ended.body.some((e) => e.type.startsWith("Input."))).toBe(false);
    expect(ended.actions).toBeUndefined();
    expect(JSON.stringify(ended.body)).toContain("the round has ended");
  });

  it("reads Send's data as the answer to the card's question", () => {
    const data = content(roundCard(message("pick"))).actions?.[0]?.data ?? {};
    expect(answerFromCard({ ...data, answerChoice: "1" })).toEqual({
      target: { roundId: message("pick").roundId, position: 1 },
      answer: { position: 1, choice: 1 },
    });
    expect(answerFromCard({ ...data, answerText: "calm" })?.answer).toEqual({ position: 1, text: "calm" });
    expect(answerFromCard({ verb: "circleup.another" })).toBeNull();
    expect(answerFromCard({ ...data, position: "one" })).toBeNull();
  });
});

describe("the Teams settings", () => {
  it("need the bot's id and password together, and default to Microsoft's endpoints", () => {
    expect(() => parseConfig({ TEAMS_APP_ID: "00000000-0000-4000-8000-00000000c1c1" })).toThrow(
      /TEAMS_APP_ID and TEAMS_APP_PASSWORD are needed together/,
    );
    expect(parseConfig({}).teams).toBeUndefined();
    const teams = parseConfig({ TEAMS_APP_ID: "app", TEAMS_APP_PASSWORD: "secret", TEAMS_TENANT_ID: "tenant-1" }).teams;
    expect(teams?.loginUrl).toBe("https://login.microsoftonline.com/tenant-1");
    expect(teams?.openIdUrl).toBe("https://login.botframework.com/v1/.well-known/openidconfiguration");
  });
});
