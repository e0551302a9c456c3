import { TextField } from "~/components/forms/TextField";
import { QuestionCard } from "~/components/questions/QuestionCard";
import type { ListedQuestion } from "~/shared/community";
import type { Viewer } from "~/shared/navigation";
import { AdminSection } from "./AdminSection";
import { FindForm } from "./FindForm";

/** Finds questions by their text, as cards with the admin's edit and delete controls. */
export function QuestionSearch({
  text,
  found,
  viewer,
}: {
  text: string;
  /** Null until a search of at least two characters ran. */
  found: ListedQuestion[] | null;
  viewer: Viewer;
}) {
  return (
    <AdminSection id="manage" title="Questions">
      <FindForm>
        <TextField label="Find questions by their text" name="q" defaultValue={text} className="flex-1" />
      </FindForm>
      {found && (
        <div className="mt-6">
          {found.length === 0 ? (
            <p className="text-ink-muted">No question contains “{text}”.</p>
          ) : (
            <ul className="space-y-4">
              {found.map((q) => (
                <li key={q.id}>
                  <QuestionCard question={q} viewer={viewer} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </AdminSection>
  );
}
