import { describe, expect, it } from "vitest";
import { fullNameProblem, isProfileImageUrl, nameFromProvider } from "~/shared/accounts";
import { fullNameSchema } from "~/shared/accounts-schemas";
import { joinRoundSchema, liveAnswerSchema } from "~/shared/live-schemas";
import { shownTextProblem } from "~/shared/text";

const RIGHT_TO_LEFT_OVERRIDE = "\u202E";
const ZERO_WIDTH = "\u200B\u200C\u200D\u2060\uFEFF";
const COMBINING = "\u0301\u0308\u0327";

describe("text people type for others to read", () => {
  it("refuses direction controls, control characters and text with nothing visible", () => {
    expect(shownTextProblem(`Ada ${RIGHT_TO_LEFT_OVERRIDE}gnp.exe`)).toBe("direction controls");
    expect(shownTextProblem("Ada\u2066x\u2069")).toBe("direction controls");
    expect(shownTextProblem("Ada\r\nLovelace")).toBe("control characters");
    expect(shownTextProblem("Ada\r\nLovelace", { lineBreaks: true })).toBeNull();
    expect(shownTextProblem(ZERO_WIDTH)).toBe("nothing visible");
    expect(shownTextProblem(COMBINING)).toBe("nothing visible");
    expect(shownTextProblem(`  ${ZERO_WIDTH}${COMBINING}\u3164 `)).toBe("nothing visible");
  });

  it("keeps ordinary names and answers in any script, accents and emoji included", () => {
    for (const text of ["Ada Lovelace", "José Ñúñez", "محمد", "李小龙", "Zoë 👩🏽‍💻", "e\u0301cole"]) {
      expect(shownTextProblem(text), text).toBeNull();
    }
  });
});

describe("account names", () => {
  it("makes a name from Google fit the same rule instead of refusing the sign-in", () => {
    expect(nameFromProvider(`Ada\r\n${RIGHT_TO_LEFT_OVERRIDE}Lovelace`, "ada")).toBe("Ada Lovelace");
    expect(nameFromProvider("x".repeat(200_000), "ada")).toHaveLength(80);
    expect(nameFromProvider(`${"😀".repeat(60)}`, "ada")).toBe("😀".repeat(40));
    expect(nameFromProvider(ZERO_WIDTH, "ada")).toBe("ada");
    expect(nameFromProvider(undefined, "ada")).toBe("ada");
    expect(nameFromProvider("  Mira Okafor ", "mira")).toBe("Mira Okafor");
    for (const name of ["x".repeat(200_000), `${RIGHT_TO_LEFT_OVERRIDE}evil`, "a\nb", COMBINING]) {
      expect(fullNameProblem(nameFromProvider(name, "ada"))).toBeNull();
    }
  });

  it("one rule for the forms: length, one line, no direction controls, something visible", () => {
    expect(fullNameProblem("x".repeat(200_000))).toBe("Your name must be at most 80 characters");
    expect(fullNameProblem("Ada\nLovelace")).toMatch(/one line/);
    expect(fullNameProblem(`${RIGHT_TO_LEFT_OVERRIDE}ecalevoL adA`)).toMatch(/text-direction/);
    expect(fullNameProblem("   ")).toBe("Please enter your full name");
    expect(fullNameProblem(ZERO_WIDTH)).toBe("Please enter your full name");
    expect(fullNameProblem("  Ada Lovelace  ")).toBeNull();
    expect(fullNameProblem("Ad\u200Bmin")).toBe("Your name must not contain invisible characters");
    expect(fullNameProblem("Ad\u00ADmin")).toBe("Your name must not contain invisible characters");
    // Between Latin letters a joiner only hides; in Persian and Hindi it spells the word.
    expect(fullNameProblem("Ad\u200Cmin")).toBe("Your name must not contain invisible characters");
    expect(fullNameProblem("\u0645\u06CC\u200C\u062E\u0648\u0627\u0647")).toBeNull();
    expect(fullNameProblem("\u0915\u094D\u200D\u0937\u093F\u0924\u093F\u091C")).toBeNull();
    expect(fullNameProblem("Support www.evil.example")).toBe("Your name must not contain a web address");
    expect(fullNameProblem("Zoë 👩🏽‍💻")).toBeNull();
    expect(fullNameSchema.safeParse(COMBINING).success).toBe(false);
    expect(fullNameSchema.parse("  Ada  ")).toBe("Ada");
  });

  it("profile pictures are http or https addresses only", () => {
    expect(isProfileImageUrl("https://example.com/me.png")).toBe(true);
    expect(isProfileImageUrl("http://example.com/me.png")).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "/me.png",
      "https://x/\n",
      "JaVaScRiPt:x",
    ]) {
      expect(isProfileImageUrl(bad), bad).toBe(false);
    }
    expect(isProfileImageUrl(`https://example.com/${"a".repeat(2_100)}`)).toBe(false);
  });
});

describe("live rounds' names and answers", () => {
  it("refuse direction controls and answers with nothing visible", () => {
    expect(joinRoundSchema.safeParse({ name: `Eve${RIGHT_TO_LEFT_OVERRIDE}` }).success).toBe(false);
    expect(joinRoundSchema.safeParse({ name: ZERO_WIDTH }).success).toBe(false);
    expect(joinRoundSchema.safeParse({ name: "Eve" }).success).toBe(true);
    expect(joinRoundSchema.safeParse({}).success).toBe(true);
    expect(liveAnswerSchema.safeParse({ position: 0, text: COMBINING }).success).toBe(false);
    expect(liveAnswerSchema.safeParse({ position: 0, text: `yes${RIGHT_TO_LEFT_OVERRIDE}` }).success).toBe(false);
    expect(liveAnswerSchema.safeParse({ position: 0, text: "A calm\nmorning" }).success).toBe(true);
  });
});
