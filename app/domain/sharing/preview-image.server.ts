import { createRequire } from "node:module";
import type { ResvgRenderOptions } from "@resvg/resvg-js";
import { withoutControlCharacters } from "~/shared/text";
import { createPreviewWorkers } from "./preview-workers.server";

/**
 * The 1200x630 PNG a chat tool shows for a shared question: the question in
 * large serif type on the product's colours. Drawn from an SVG by resvg with
 * fonts shipped in node_modules, so it looks the same on every machine and
 * needs no system fonts or network.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = [
  require.resolve("@expo-google-fonts/source-serif-4/400Regular/SourceSerif4_400Regular.ttf"),
  require.resolve("@expo-google-fonts/source-serif-4/600SemiBold/SourceSerif4_600SemiBold.ttf"),
];

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
const TEXT_WIDTH = 1000;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/**
 * Greedy line breaking by an average glyph width (about half the font size
 * for Source Serif); the font shrinks until the text fits in five lines.
 */
export function layoutQuestion(text: string): { lines: string[]; fontSize: number } {
  const words = text.replace(/\s+/g, " ").trim().split(" ");
  for (const fontSize of [60, 54, 48, 42, 36, 32]) {
    const perLine = Math.floor(TEXT_WIDTH / (fontSize * 0.5));
    const lines: string[] = [];
    let line = "";
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (candidate.length > perLine && line) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    if (lines.length <= 5) return { lines, fontSize };
  }
  const perLine = Math.floor(TEXT_WIDTH / 16);
  return { lines: [`${text.slice(0, perLine * 5 - 1)}…`], fontSize: 32 };
}

export type PreviewInput = { question: string; label: string; appName: string };

/**
 * The preview as SVG. Control characters are dropped first: XML refuses
 * them, and one stored in a question would otherwise fail its image on
 * every request.
 */
export function previewSvg(input: PreviewInput): string {
  const question = withoutControlCharacters(input.question);
  const label = withoutControlCharacters(input.label);
  const appName = withoutControlCharacters(input.appName);
  const { lines, fontSize } = layoutQuestion(`“${question}”`);
  const lineHeight = Math.round(fontSize * 1.25);
  const blockHeight = lines.length * lineHeight;
  const firstBaseline = Math.round(330 - blockHeight / 2 + fontSize * 0.8);
  const text = lines
    .map((line, i) => `<tspan x="100" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#edf7f5"/><stop offset="0.6" stop-color="#fbf8f3"/><stop offset="1" stop-color="#f4eee4"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect x="60" y="120" width="1080" height="400" rx="36" fill="#ffffff" stroke="#e5dccd" stroke-width="2"/>
  <circle cx="92" cy="66" r="22" fill="#17645b"/><circle cx="92" cy="66" r="10" fill="none" stroke="#fbf8f3" stroke-width="5"/>
  <text x="128" y="78" font-family="Source Serif 4" font-weight="600" font-size="34" fill="#17645b">${escapeXml(appName)}</text>
  <text x="1140" y="78" text-anchor="end" font-family="Source Serif 4" font-weight="600" font-size="24" letter-spacing="2" fill="#b24c16">${escapeXml(label.toUpperCase())}</text>
  <text font-family="Source Serif 4" font-size="${fontSize}" fill="#1f2a2e">${text}</text>
  <text x="600" y="585" text-anchor="middle" font-family="Source Serif 4" font-size="26" fill="#4a585d">Questions for team meetings that feel safe and connected</text>
</svg>`;
}

const RENDER_OPTIONS: ResvgRenderOptions = {
  font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: "Source Serif 4" },
  fitTo: { mode: "width", value: PREVIEW_WIDTH },
};

/** Two workers: enough to draw a burst of previews in time, while the main thread and the other core serve requests. */
const PREVIEW_WORKERS = 2;
const workers = createPreviewWorkers(PREVIEW_WORKERS, RENDER_OPTIONS);

/** Draws an SVG as PNG on a worker thread: drawing and encoding both, so the main thread keeps answering. */
export function svgToPng(svg: string): Promise<Buffer> {
  return workers.render(svg);
}

export function previewPng(input: PreviewInput): Promise<Buffer> {
  return svgToPng(previewSvg(input));
}
