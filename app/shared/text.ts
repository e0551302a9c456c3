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
 * Characters that take no room on screen but are there: zero-width spaces
 * and joiners, word joiner, byte-order mark, soft hyphen, invisible
 * operators, tags, and the blank "fillers" some scripts have. Inside a word
 * they make "Ad\u200Bmin" look like "Admin" while being another text, so a
 * name or a question holding one can pass for someone else's. The joiner
 * between two emoji (a family, a profession) and the tags of a regional flag
 * are how those pictures are written, so they stay.
 */
const INVISIBLE = /\p{Cf}|[\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180E|\u180F/u;
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)\u200D(?=\p{Extended_Pictographic})/gu;
const FLAG_TAGS = /(?<=\u{1F3F4})[\u{E0061}-\u{E007A}]+\u{E007F}/gu;
/**
 * Persian, Urdu and the Indic scripts spell words with the zero-width
 * non-joiner and joiner ("می‌خواهم", "क्‍ष"): between two letters of those
 * scripts they are part of the word, and refusing them would refuse
 * people's names. Between Latin, Greek or Cyrillic letters they only hide.
 */
const JOINING_SCRIPT_LETTER =
  "[\\p{Script=Arabic}\\p{Script=Syriac}\\p{Script=Thaana}\\p{Script=Devanagari}\\p{Script=Bengali}\\p{Script=Gurmukhi}\\p{Script=Gujarati}\\p{Script=Oriya}\\p{Script=Tamil}\\p{Script=Telugu}\\p{Script=Kannada}\\p{Script=Malayalam}\\p{Script=Sinhala}]";
const SCRIPT_JOINER = new RegExp(`(?<=${JOINING_SCRIPT_LETTER})[\\u200C\\u200D](?=${JOINING_SCRIPT_LETTER})`, "gu");

function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text.replace(EMOJI_JOINER, "").replace(FLAG_TAGS, "").replace(SCRIPT_JOINER, ""));
}

/**
 * A web address: a scheme (http, https, ftp, mailto), "www.", or a bare
 * domain followed by a path ("evil.example/sso") or ending in a common
 * top-level domain ("evil.com"). "Node.js" and "e.g." are not addresses.
 */
const LINK =
  /\b(?:https?|ftp):\/\/|\bmailto:|\bwww\.|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\/|\b[\p{L}\p{N}-]+\.(?:com|net|org|io|co|app|dev|ly|me|xyz|info|biz|link|site|online|click|top|ru|cn|tk)\b/iu;

function hasLink(text: string): boolean {
  return LINK.test(text);
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

export type WrittenTextProblem = NonNullable<ReturnType<typeof shownTextProblem>> | "invisible characters" | "links";

/**
 * The one check for text written under a name for others to read, as a
 * person's name or as a question (typed by a member, an admin or the AI):
 * what `shownTextProblem` refuses, and also invisible characters anywhere
 * in it and links. A link in a question or a name is how a phishing message
 * ("log in at ... and paste your code") borrows the product's voice.
 */
export function writtenTextProblem(
  text: string,
  { lineBreaks = false }: { lineBreaks?: boolean } = {},
): WrittenTextProblem | null {
  const shown = shownTextProblem(text, { lineBreaks });
  if (shown) return shown;
  if (hasInvisibleCharacters(text)) return "invisible characters";
  if (hasLink(text)) return "links";
  return null;
}
