/**
 * Control characters: C0 except tab, line feed and carriage return (a
 * textarea sends its line breaks as CRLF), DEL and C1, and the two
 * noncharacters U+FFFE and U+FFFF. They mean nothing in
 * a meeting question, and XML, so the preview image's SVG, refuses most of
 * them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this is the check for them
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** The text without control characters; those that separate words like a space (vertical tab, form feed) become one. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (c) => (/\s/.test(c) ? " " : ""));
}

/**
 * Characters that reorder the text around them (embeddings, overrides,
 * isolates and the invisible direction marks): a name or an answer holding
 * one can show as something else ("gnp.exe" for "exe.png") and spill into
 * the text after it on every screen.
 */
const DIRECTION_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

function hasDirectionControls(text: string): boolean {
  return DIRECTION_CONTROL.test(text);
}

/** The text without direction controls, for text we take from elsewhere rather than refuse. */
export function withoutDirectionControls(text: string): string {
  return text.replace(new RegExp(DIRECTION_CONTROL.source, "g"), "");
}

/**
 * Nothing a reader can see: empty, spaces, zero-width and other format
 * characters, combining marks with no letter to sit on, and the blank
 * "fillers" some scripts have.
 */
const NOTHING_VISIBLE = /^[\p{M}\p{Cf}\p{Z}\s\u115F\u1160\u2800\u3164\uFFA0]*$/u;

function hasNothingVisible(text: string): boolean {
  return NOTHING_VISIBLE.test(text);
}

/**
 * What is wrong with a line people type for others to read (a name, a live
 * answer): control characters (line breaks too unless allowed), direction
 * controls, or nothing visible at all; null when it can be shown as it is.
 */
export function shownTextProblem(
  text: string,
  { lineBreaks = false }: { lineBreaks?: boolean } = {},
): "control characters" | "direction controls" | "nothing visible" | null {
  if (hasControlCharacters(text) || (!lineBreaks && /[\t\n\r]/.test(text))) return "control characters";
  if (hasDirectionControls(text)) return "direction controls";
  if (hasNothingVisible(text)) return "nothing visible";
  return null;
}
