import type { SiteFeatures } from "~/shared/features";

/**
 * A passage of content shown only on servers that do something: "{if ai}…{end}",
 * or "{if premiumForSale}…{else}…{end}" with what to say instead; passages may
 * nest. Names are those of SiteFeatures. Content so promises only what the
 * server it is read on does.
 */
const INNERMOST = /\{if (\w+)\}((?:(?!\{if )[\s\S])*?)(?:\{else\}((?:(?!\{if )[\s\S])*?))?\{end\}/g;
const NAMES: readonly string[] = ["ai", "premiumForSale"] satisfies (keyof SiteFeatures)[];
const LEFT_OVER = /\{(?:if\b[^}]*|else|end)\}/;

/** Replaces passages from the innermost out until none is left. */
function resolve(text: string, choose: (name: string, shown: string, otherwise: string) => string): string {
  let current = text;
  for (;;) {
    const next = current.replace(INNERMOST, (_, name: string, shown: string, otherwise = "") =>
      choose(name, shown, otherwise),
    );
    if (next === current) return current;
    current = next;
  }
}

/** The text as this server shows it: each passage kept, or its other side, by what the server does. */
export function forFeatures(text: string, features: SiteFeatures): string {
  return resolve(text, (name, shown, otherwise) => (features[name as keyof SiteFeatures] ? shown : otherwise));
}

/**
 * The text with both sides of every passage, for checks that must see all of
 * it; the problem in words when a passage names an unknown feature or is left open.
 */
export function everyPassage(text: string): { text: string } | { problem: string } {
  let problem: string | undefined;
  const all = resolve(text, (name, shown, otherwise) => {
    if (!NAMES.includes(name)) problem ??= `unknown feature {if ${name}}; known: ${NAMES.join(", ")}`;
    return `${shown}${otherwise}`;
  });
  const open = LEFT_OVER.exec(all);
  if (open) problem ??= `${open[0]} without its {if …} or {end}`;
  return problem ? { problem } : { text: all };
}
