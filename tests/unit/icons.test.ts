import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/components/icons/names";
import { renderSprite, SPRITE_PATH } from "../../scripts/icons";

describe("the icon sprite", () => {
  it("is up to date with the icon list (run `npm run icons` after changing it)", async () => {
    expect(fs.readFileSync(SPRITE_PATH, "utf8")).toBe(await renderSprite());
  });

  it("draws every listed icon with lucide's shapes", async () => {
    const sprite = await renderSprite();
    for (const name of ICON_NAMES)
      expect(sprite).toMatch(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|circle|rect|line|polyline)`));
    expect(sprite.match(/<symbol /g)).toHaveLength(ICON_NAMES.length);
  });
});
