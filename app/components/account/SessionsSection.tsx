import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { LogOut, MonitorSmartphone } from "~/components/icons";
import type { ProfileActionResult } from "~/shared/accounts";
import { formatDayTime } from "~/shared/format";
import { deviceName } from "./device-name";
import { Outcome } from "./Outcome";
import { Section, sectionIconClass } from "./Section";

type Session = { id: string; createdAt: Date | string; userAgent: string | null; current: boolean };

export function SessionsSection({ sessions, result }: { sessions: Session[]; result?: ProfileActionResult }) {
  return (
    <Section
      id="sessions"
      title="Where you are signed in"
      icon={<MonitorSmartphone className={sectionIconClass} aria-hidden="true" />}
    >
      <Outcome result={result} section="sessions" />
      <ul className="divide-y divide-line">
        {sessions.map((s) => (
          <SessionItem key={s.id} session={s} />
        ))}
      </ul>
      <Form method="post" action="/sign-out">
        <input type="hidden" name="scope" value="everywhere" />
        <SubmitButton pendingLabel="Signing out..." variant="secondary" intent="sign-out-everywhere" className="gap-2">
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Sign out everywhere
        </SubmitButton>
      </Form>
    </Section>
  );
}

function SessionItem({ session }: { session: Session }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-ink">
          {deviceName(session.userAgent)}
          {session.current && (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">This device</span>
          )}
        </p>
        <p className="text-sm text-ink-muted">Signed in {formatDayTime(session.createdAt)} UTC</p>
      </div>
      {/* This device signs out through /sign-out, which also clears its cookie; others are revoked by id. */}
      {session.current ? (
        <Form method="post" action="/sign-out">
          <SubmitButton pendingLabel="Signing out..." variant="secondary" intent="sign-out">
            Sign out here
          </SubmitButton>
        </Form>
      ) : (
        <Form method="post">
          <input type="hidden" name="sessionId" value={session.id} />
          <SubmitButton intent="revoke-session" pendingLabel="Signing out..." variant="secondary">
            Sign out
          </SubmitButton>
        </Form>
      )}
    </li>
  );
}
