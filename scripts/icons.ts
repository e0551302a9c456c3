/**
 * npm run icons — writes app/components/icons/sprite.svg from lucide's
 * drawings of the icons listed in app/components/icons/names.ts.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { ICON_NAMES, type IconName } from "../app/components/icons/names";

type IconNode = [tag: string, attributes: Record<string, string>][];

export const SPRITE_PATH = fileURLToPath(new URL("../app/components/icons/sprite.svg", import.meta.url));

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

async function symbol(name: IconName): Promise<string> {
  const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: IconNode } };
  const shapes = __iconData.node.map(([tag, attributes]) => {
    const attrs = Object.entries(attributes)
      .filter(([key]) => key !== "key")
      .map(([key, value]) => `${key}="${escapeAttribute(String(value))}"`)
      .join(" ");
    return `<${tag} ${attrs}/>`;
  });
  return `<symbol id="${name}" viewBox="0 0 24 24">${shapes.join("")}</symbol>`;
}

/** The sprite's text: one <symbol> per icon, drawn with the stroke of the <svg> that uses it. */
export async function renderSprite(): Promise<string> {
  const symbols = await Promise.all(ICON_NAMES.map(symbol));
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  fs.writeFileSync(SPRITE_PATH, await renderSprite());
  console.log(`Wrote ${SPRITE_PATH} (${ICON_NAMES.length} icons)`);
}
