import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type OfflineLibrary, type OfflineQuestion, sliceForOffline } from "~/shared/offline-library";

/** How long one server keeps the slice it built: the library changes slowly, and every install fetches it. */
const KEPT_FOR_MS = 10 * 60_000;

const built = new WeakMap<Database, { at: number; library: Promise<OfflineLibrary> }>();

/**
 * The slice of the library an installed app keeps for offline use: published
 * questions that fit any day (the browser's day is not known when it is
 * fetched), best voted first, up to OFFLINE_PER_CHOICE of every choice. Its
 * version is a hash of its content, so a browser revalidates it cheaply.
 */
export function offlineLibrary(db: Database, now = Date.now()): Promise<OfflineLibrary> {
  const kept = built.get(db);
  if (kept && now - kept.at < KEPT_FOR_MS) return kept.library;
  const library = buildSlice(db);
  library.catch(() => built.delete(db));
  built.set(db, { at: now, library });
  return library;
}

async function buildSlice(db: Database): Promise<OfflineLibrary> {
  const { rows } = (await db.execute(sql`
    select q.id, q.text as "question", q.meeting_context as "meetingContext", q.question_style as "questionStyle",
      q.engagement_level as "engagementLevel", c.slug as "categorySlug", q.source, q.meeting_bound as "meetingBound",
      coalesce((select array_agg(fc.slug order by fc.sort_order) from question_categories qc
        join categories fc on fc.id = qc.category_id
        where qc.question_id = q.id and qc.category_id is distinct from q.category_id), '{}') as "alsoIn"
    from questions q left join categories c on c.id = q.category_id
    where q.status = 'published' and cardinality(q.not_when) = 0
    order by q.vote_score desc, q.created_at, q.id`)) as unknown as { rows: OfflineQuestion[] };
  const questions = sliceForOffline(rows);
  const version = crypto.createHash("sha256").update(JSON.stringify(questions)).digest("base64url").slice(0, 16);
  return { version, questions };
}
