import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { categories, contentImports, questions } from "~/db/schema";
import { projectPath } from "~/project-root.server";
import { normalizeQuestionText, stripSurroundingQuotes, typeForContext } from "~/shared/questions";
import { type LibraryFile, parseLibraryFile } from "./library-file";

const IMPORT_NAME = "questions";
const BATCH = 500;

export type LibraryImport = { files: number; questions: number; added: number; skipped: boolean };

/** Reads every library file of a folder, sorted by name so the content hash is stable. */
export function readLibrary(folder = projectPath("content/questions")): { files: LibraryFile[]; hash: string } {
  const names = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort();
  const hash = crypto.createHash("sha256");
  const files = names.map((name) => {
    const json = fs.readFileSync(path.join(folder, name), "utf8");
    hash.update(name).update("\0").update(json).update("\0");
    return parseLibraryFile(name, json);
  });
  return { files, hash: hash.digest("hex") };
}

/**
 * Loads the curated library into the database. Idempotent: questions already
 * there (same normalised text) are left alone, and an unchanged library is
 * not read into the database at all.
 */
export async function importLibrary(db: Database, folder?: string): Promise<LibraryImport> {
  const { files, hash } = readLibrary(folder);
  const total = files.reduce((sum, file) => sum + file.questions.length, 0);
  const [previous] = await db
    .select({ hash: contentImports.hash })
    .from(contentImports)
    .where(sql`${contentImports.name} = ${IMPORT_NAME}`);
  if (previous?.hash === hash) return { files: files.length, questions: total, added: 0, skipped: true };

  const categoryIds = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [c.slug, c.id]),
  );
  const rows = files.flatMap((file) =>
    file.questions.map((q) => {
      const text = stripSurroundingQuotes(q.text);
      return {
        text,
        normalizedText: normalizeQuestionText(text),
        type: typeForContext(q.context),
        meetingContext: q.context,
        questionStyle: q.style,
        engagementLevel: q.engagement,
        categoryId: categoryIds.get(file.category) ?? null,
        source: "curated" as const,
      };
    }),
  );

  let added = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      const inserted = await tx
        .insert(questions)
        .values(rows.slice(start, start + BATCH))
        .onConflictDoNothing({ target: questions.normalizedText })
        .returning({ id: questions.id });
      added += inserted.length;
    }
    await tx
      .insert(contentImports)
      .values({ name: IMPORT_NAME, hash })
      .onConflictDoUpdate({ target: contentImports.name, set: { hash, importedAt: sql`now()` } });
  });
  return { files: files.length, questions: total, added, skipped: false };
}
