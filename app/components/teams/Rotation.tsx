import { Form } from "react-router";
import { quietButton, secondaryButton } from "~/components/buttons";
import { MIN_HOSTS_TO_SKIP } from "~/shared/series";

type Person = { userId: string; name: string };

/** Who hosts the series in turn, in the order they opted in; the viewer opts in or out here. */
export function Rotation({
  rotation,
  nextHost,
  viewerId,
  canRun,
}: {
  rotation: Person[];
  nextHost: Person | null;
  viewerId: string;
  canRun: boolean;
}) {
  const inIt = rotation.some((p) => p.userId === viewerId);
  return (
    <section aria-labelledby="rotation" className="mt-8">
      <h2 id="rotation" className="font-serif text-xl font-semibold text-ink">
        Hosts
      </h2>
      {rotation.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">Nobody has opted in to host yet.</p>
      ) : (
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-ink">
          {rotation.map((p) => {
            const you = p.userId === viewerId;
            return (
              <li key={p.userId}>
                {you ? "You" : p.name}
                {nextHost?.userId === p.userId && (
                  <strong className="ml-2 text-sm text-brand-800">{you ? "host next" : "hosts next"}</strong>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {canRun && (
        <Form method="post" className="mt-3">
          <button type="submit" name="intent" value={inIt ? "leave" : "join"} className={secondaryButton}>
            {inIt ? "Leave the rotation" : "Host in turn"}
          </button>
          {rotation.length >= MIN_HOSTS_TO_SKIP && nextHost && (
            <button type="submit" name="intent" value="skip" className={`${quietButton} ml-2`}>
              Skip to the next host
            </button>
          )}
        </Form>
      )}
    </section>
  );
}
