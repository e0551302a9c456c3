import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { categories, contentImports, questionCategories, questions } from "~/db/schema";
import { projectPath } from "~/project-root.server";
import { typeForContext } from "~/shared/questions";
import { type LibraryFile, parseLibraryFile } from "./library-file";
import { PUBLISHED_TEXT, storedText } from "./question-writes.server";

const IMPORT_NAME = "questions";
const BATCH = 500;

export type LibraryImport = {
  files: number;
  questions: number;
  /** Library questions that were not in the database before. */
  added: number;
  /** Curated questions the library no longer holds: unpublished, kept for members who saved or voted on them. */
  retired: number;
  skipped: boolean;
};

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
 * Makes the curated questions in the database match the library: new
 * questions are added, changed labels, formats, answers, days they do not
 * fit and categories are applied, and curated questions the library dropped are retired. A question
 * someone else wrote first (a member, the AI) keeps its own labels. An
 * unchanged library (same content hash) is not read into the database at all.
 */
export async function importLibrary(db: Database, folder?: string): Promise<LibraryImport> {
  const { files, hash } = readLibrary(folder);
  const total = files.reduce((sum, file) => sum + file.questions.length, 0);
  const [previous] = await db
    .select({ hash: contentImports.hash })
    .from(contentImports)
    .where(eq(contentImports.name, IMPORT_NAME));
  if (previous?.hash === hash) return { files: files.length, questions: total, added: 0, retired: 0, skipped: true };

  const categoryIds = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [c.slug, c.id]),
  );
  const all = files.flatMap((file) =>
    file.questions.map((q) => {
      const checked = storedText(q.text, { curated: true });
      if (!checked.ok) throw new Error(`${file.category}: ${checked.error.message}: ${q.text}`);
      const slugs = [...new Set([file.category, ...(q.also ?? [])])];
      return {
        row: {
          ...checked.stored,
          type: typeForContext(q.context),
          meetingContext: q.context,
          questionStyle: q.style,
          engagementLevel: q.engagement,
          format: q.format,
          answers: q.answers ?? null,
          notWhen: q.notWhen ?? [],
          categoryId: categoryIds.get(file.category) ?? null,
          source: "curated" as const,
          status: "published" as const,
        },
        categoryIds: slugs.map((slug) => categoryIds.get(slug)).filter((id): id is string => Boolean(id)),
      };
    }),
  );

  // The same question in two files is one question in both categories; the first file's labels win.
  const byText = new Map<string, (typeof all)[number]>();
  const shared = new Set<string>();
  for (const entry of all) {
    const first = byText.get(entry.row.normalizedText);
    if (!first) byText.set(entry.row.normalizedText, entry);
    else {
      first.categoryIds = [...new Set([...first.categoryIds, ...entry.categoryIds])];
      shared.add(entry.row.normalizedText);
    }
  }
  const entries = [...byText.values()];
  // ...but it keeps the home category it already has, so listing it in one more file never moves it.
  if (shared.size) {
    const homes = await db
      .select({ normalizedText: questions.normalizedText, categoryId: questions.categoryId })
      .from(questions)
      .where(and(inArray(questions.normalizedText, [...shared]), eq(questions.source, "curated")));
    for (const home of homes) {
      const entry = byText.get(home.normalizedText);
      if (entry && home.categoryId && entry.categoryIds.includes(home.categoryId))
        entry.row.categoryId = home.categoryId;
    }
  }

  return db.transaction(async (tx) => {
    const before = new Set(
      (
        await tx
          .select({ normalizedText: questions.normalizedText })
          .from(questions)
          .where(or(eq(questions.status, "published"), eq(questions.source, "curated")))
      ).map((r) => r.normalizedText),
    );
    // A retired question the library holds again is published again, unless its text was published meanwhile.
    for (let start = 0; start < entries.length; start += BATCH) {
      const texts = entries.slice(start, start + BATCH).map((e) => e.row.normalizedText);
      await tx
        .update(questions)
        .set({ status: "published", updatedAt: new Date() })
        .where(
          and(
            eq(questions.source, "curated"),
            eq(questions.status, "retired"),
            inArray(questions.normalizedText, texts),
            sql`not exists (select 1 from questions p where p.normalized_text = ${questions.normalizedText} and p.status = 'published')`,
          ),
        );
    }
    const idByText = new Map<string, string>();
    for (let start = 0; start < entries.length; start += BATCH) {
      const upserted = await tx
        .insert(questions)
        .values(entries.slice(start, start + BATCH).map((e) => e.row))
        .onConflictDoUpdate({
          target: questions.normalizedText,
          targetWhere: PUBLISHED_TEXT,
          set: {
            type: sql`excluded.type`,
            meetingContext: sql`excluded.meeting_context`,
            questionStyle: sql`excluded.question_style`,
            engagementLevel: sql`excluded.engagement_level`,
            format: sql`excluded.format`,
            answers: sql`excluded.answers`,
            notWhen: sql`excluded.not_when`,
            categoryId: sql`excluded.category_id`,
            meetingBound: sql`excluded.meeting_bound`,
            status: sql`excluded.status`,
            updatedAt: sql`now()`,
          },
          setWhere: eq(questions.source, "curated"),
        })
        .returning({ id: questions.id, normalizedText: questions.normalizedText, source: questions.source });
      for (const row of upserted) if (row.source === "curated") idByText.set(row.normalizedText, row.id);
    }

    const curatedIds = [...idByText.values()];
    for (let start = 0; start < curatedIds.length; start += BATCH) {
      await tx
        .delete(questionCategories)
        .where(inArray(questionCategories.questionId, curatedIds.slice(start, start + BATCH)));
    }
    const memberships = entries.flatMap((e) => {
      const questionId = idByText.get(e.row.normalizedText);
      // The home category is questions.category_id; the table holds the further ones.
      const further = e.categoryIds.filter((categoryId) => categoryId !== e.row.categoryId);
      const labels = {
        meetingContext: e.row.meetingContext,
        questionStyle: e.row.questionStyle,
        engagementLevel: e.row.engagementLevel,
      };
      return questionId ? further.map((categoryId) => ({ questionId, categoryId, ...labels })) : [];
    });
    for (let start = 0; start < memberships.length; start += BATCH) {
      await tx
        .insert(questionCategories)
        .values(memberships.slice(start, start + BATCH))
        .onConflictDoNothing();
    }

    const inLibrary = new Set(entries.map((e) => e.row.normalizedText));
    const dropped = (
      await tx
        .select({ id: questions.id, normalizedText: questions.normalizedText })
        .from(questions)
        .where(and(eq(questions.source, "curated"), eq(questions.status, "published")))
    ).filter((row) => !inLibrary.has(row.normalizedText));
    for (let start = 0; start < dropped.length; start += BATCH) {
      const ids = dropped.slice(start, start + BATCH).map((row) => row.id);
      await tx.update(questions).set({ status: "retired", updatedAt: new Date() }).where(inArray(questions.id, ids));
    }

    await tx
      .insert(contentImports)
      .values({ name: IMPORT_NAME, hash })
      .onConflictDoUpdate({ target: contentImports.name, set: { hash, importedAt: sql`now()` } });
    const added = entries.filter((e) => !before.has(e.row.normalizedText)).length;
    return { files: files.length, questions: total, added, retired: dropped.length, skipped: false };
  });
}
