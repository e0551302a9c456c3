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
