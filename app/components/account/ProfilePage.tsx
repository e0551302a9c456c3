import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import {
  Download,
  History,
  KeyRound,
  LogOut,
  Mail,
  MessageSquarePlus,
  MonitorSmartphone,
  ShieldCheck,
  Trash2,
  UserRound,
} from "~/components/icons";
import type { ProfileActionResult } from "~/shared/accounts";
import { MIN_PASSWORD_LENGTH } from "~/shared/accounts";
import { formatDayTime } from "~/shared/format";

type Session = {
  id: string;
  createdAt: Date | string;
  userAgent: string | null;
  ipAddress: string | null;
  current: boolean;
};

type Submission = {
  id: string;
  question: string;
  status: string;
  moderationNote: string | null;
  createdAt: Date | string;
};
type HistoryPage = {
  items: { questionId: string; text: string; type: string; servedAt: Date | string }[];
  page: number;
  pageCount: number;
  total: number;
};

export type ProfileData = {
  submissions: Submission[];
  history: HistoryPage;
  user: { name: string; email: string; plan: string; isAdmin: boolean; twoFactorEnabled: boolean };
  hasPassword: boolean;
  providers: string[];
  sessions: Session[];
};

const NOTICES: Record<string, string> = {
  "email-changed": "Your email address is changed.",
};

const STATUS: Record<string, { label: string; className: string }> = {
  pending: { label: "Waiting for review", className: "bg-sand text-ink" },
  published: { label: "Published", className: "bg-brand-50 text-brand-800" },
  rejected: { label: "Not published", className: "bg-accent-100 text-ink" },
};

function StatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status, className: "bg-sand text-ink" };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${s.className}`}>{s.label}</span>;
}

function Section({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id={`${id}-title`} className="flex items-center gap-2.5 font-serif text-xl font-semibold text-ink">
        {icon}
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** The outcome of this section's last form, if the last form was this section's. */
function Outcome({ result, section }: { result?: ProfileActionResult; section: string }) {
  if (result?.section !== section) return null;
  if (result.error) return <FormMessage tone="error">{result.error}</FormMessage>;
  if (result.success) return <FormMessage tone="success">{result.success}</FormMessage>;
  return null;
}

const iconClass = "h-5 w-5 text-brand-700";

/** A readable device name from a user agent, good enough to recognise one's own devices. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}

export function ProfilePage({ data, result }: { data: ProfileData; result?: ProfileActionResult }) {
  const { user, hasPassword, sessions } = data;
  const [params] = useSearchParams();
  const notice = NOTICES[params.get("notice") ?? ""];
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Your profile</h1>
      <p className="mt-2 text-ink-muted">
        {user.email} · {user.plan === "premium" ? "Premium plan" : "Free plan"}
        {user.isAdmin ? " · Admin" : ""}
      </p>
      <div className="mt-8 space-y-6">
        {notice && <FormMessage tone="success">{notice}</FormMessage>}

        <Section id="name" title="Your name" icon={<UserRound className={iconClass} aria-hidden="true" />}>
          <Outcome result={result} section="name" />
          <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
            <TextField
              label="Full name"
              name="fullName"
              defaultValue={user.name}
              autoComplete="name"
              className="flex-1"
            />
            <SubmitButton intent="name" pendingLabel="Saving...">
              Save name
            </SubmitButton>
          </Form>
        </Section>

        {hasPassword && (
          <Section id="password" title="Password" icon={<KeyRound className={iconClass} aria-hidden="true" />}>
            <Outcome result={result} section="password" />
            <Form method="post" className="space-y-4" noValidate>
              <TextField
                label="Current password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
              />
              <TextField
                label="New password"
                name="newPassword"
                type="password"
                autoComplete="new-password"
                hint={`At least ${MIN_PASSWORD_LENGTH} characters. Other devices are signed out when you change it.`}
              />
              <SubmitButton intent="password" pendingLabel="Changing...">
                Change password
              </SubmitButton>
            </Form>
          </Section>
        )}

        <Section
          id="submissions"
          title="Your questions"
          icon={<MessageSquarePlus className={iconClass} aria-hidden="true" />}
        >
          {data.submissions.length === 0 ? (
            <p className="text-ink-muted">
              Questions you add on a category page appear here while an admin reviews them.
            </p>
          ) : (
            <ul className="divide-y divide-line">
              {data.submissions.map((q) => (
                <li key={q.id} className="py-3">
                  <p className="text-ink">{q.question}</p>
                  <p className="mt-1 text-sm text-ink-muted">
                    <StatusBadge status={q.status} />
                    {q.moderationNote ? ` · ${q.moderationNote}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          id="history"
          title="Your generation history"
          icon={<History className={iconClass} aria-hidden="true" />}
        >
          {data.history.total === 0 ? (
            <p className="text-ink-muted">
              Questions the generator gives you while signed in are listed here, newest first.
            </p>
          ) : (
            <>
              <ol className="divide-y divide-line">
                {data.history.items.map((h) => (
                  <li key={h.questionId} className="flex flex-wrap justify-between gap-2 py-3">
                    <span className="text-ink">{h.text}</span>
                    <span className="text-sm text-ink-muted">{formatDayTime(h.servedAt)} UTC</span>
                  </li>
                ))}
              </ol>
              {data.history.pageCount > 1 && (
                <nav aria-label="History pages" className="flex items-center justify-between text-sm">
                  {data.history.page > 1 ? (
                    <Link
                      to={`?history=${data.history.page - 1}#history-title`}
                      preventScrollReset
                      className="font-semibold text-brand-800 underline"
                    >
                      Newer
                    </Link>
                  ) : (
                    <span />
                  )}
                  <span className="text-ink-muted">
                    Page {data.history.page} of {data.history.pageCount}
                  </span>
                  {data.history.page < data.history.pageCount ? (
                    <Link
                      to={`?history=${data.history.page + 1}#history-title`}
                      preventScrollReset
                      className="font-semibold text-brand-800 underline"
                    >
                      Older
                    </Link>
                  ) : (
                    <span />
                  )}
                </nav>
              )}
            </>
          )}
        </Section>

        <Section id="email" title="Email address" icon={<Mail className={iconClass} aria-hidden="true" />}>
          <Outcome result={result} section="email" />
          <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
            <TextField label="New email address" name="newEmail" type="email" autoComplete="email" className="flex-1" />
            <SubmitButton intent="email" pendingLabel="Sending...">
              Change email
            </SubmitButton>
          </Form>
        </Section>

        <TwoFactorSection enabled={user.twoFactorEnabled} hasPassword={hasPassword} result={result} />

        <Section
          id="sessions"
          title="Where you are signed in"
          icon={<MonitorSmartphone className={iconClass} aria-hidden="true" />}
        >
          <Outcome result={result} section="sessions" />
          <ul className="divide-y divide-line">
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-ink">
                    {deviceName(s.userAgent)}
                    {s.current && (
                      <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">
                        This device
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-ink-muted">Signed in {formatDayTime(s.createdAt)} UTC</p>
                </div>
                {s.current ? (
                  <Form method="post" action="/sign-out">
                    <SubmitButton pendingLabel="Signing out..." variant="secondary" intent="sign-out">
                      Sign out here
                    </SubmitButton>
                  </Form>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="sessionId" value={s.id} />
                    <SubmitButton intent="revoke-session" pendingLabel="Signing out..." variant="secondary">
                      Sign out
                    </SubmitButton>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          <Form method="post" action="/sign-out">
            <input type="hidden" name="scope" value="everywhere" />
            <SubmitButton
              pendingLabel="Signing out..."
              variant="secondary"
              intent="sign-out-everywhere"
              className="gap-2"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sign out everywhere
            </SubmitButton>
          </Form>
        </Section>

        <Section id="data" title="Your data" icon={<Download className={iconClass} aria-hidden="true" />}>
          <p className="text-ink-muted">Everything we keep about you, as one JSON file.</p>
          <a
            href="/profile/export"
            download
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-5 text-sm font-semibold text-ink hover:bg-sand"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download my data
          </a>
        </Section>

        <Section
          id="delete"
          title="Delete account"
          icon={<Trash2 className="h-5 w-5 text-accent-600" aria-hidden="true" />}
        >
          <p className="text-ink-muted">
            This removes your account, profile, history, saved questions and votes for good. Questions of yours that the
            community already sees stay, without your name.
          </p>
          <Outcome result={result} section="delete" />
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="hasPassword" value={String(hasPassword)} />
            {hasPassword && (
              <TextField label="Your password" name="password" type="password" autoComplete="current-password" />
            )}
            <TextField label='Type "delete" to confirm' name="confirm" autoComplete="off" />
            <SubmitButton intent="delete" pendingLabel="Deleting..." variant="danger">
              Delete my account
            </SubmitButton>
          </Form>
        </Section>
      </div>
    </div>
  );
}

function TwoFactorSection({
  enabled,
  hasPassword,
  result,
}: {
  enabled: boolean;
  hasPassword: boolean;
  result?: ProfileActionResult;
}) {
  const setup = result?.section === "2fa" ? result.setup : undefined;
  const icon = <ShieldCheck className={iconClass} aria-hidden="true" />;
  if (!hasPassword) {
    return (
      <Section id="2fa" title="Two-factor authentication" icon={icon}>
        <p className="text-ink-muted">
          You sign in with Google, which protects your account with its own two-step verification.
        </p>
      </Section>
    );
  }
  return (
    <Section id="2fa" title="Two-factor authentication" icon={icon}>
      <Outcome result={result} section="2fa" />
      {setup ? (
        <div className="space-y-4">
          <p className="text-ink">
            1. Scan this code with your authenticator app (or type the key), then enter the 6-digit code it shows.
          </p>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <img
              src={setup.qrDataUrl}
              width={200}
              height={200}
              alt="QR code for your authenticator app"
              className="rounded-xl border border-line"
            />
            <p className="text-sm text-ink-muted">
              Key:{" "}
              <code data-testid="totp-secret" className="break-all rounded bg-sand px-1.5 py-0.5 font-mono text-ink">
                {setup.secret}
              </code>
            </p>
          </div>
          <p className="text-ink">
            2. Keep these backup codes somewhere safe. Each signs you in once if you lose your phone.
          </p>
          <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
            {setup.backupCodes.map((code) => (
              <li key={code} className="rounded-lg bg-sand px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
          <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
            <TextField
              label="Code from your app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              className="flex-1"
            />
            <SubmitButton intent="2fa-verify" pendingLabel="Checking...">
              Turn on two-factor
            </SubmitButton>
          </Form>
        </div>
      ) : (
        <>
          <p className="text-ink-muted">
            {enabled
              ? "Two-factor is on: signing in asks for a code from your authenticator app."
              : "Add a second step to signing in: a code from an authenticator app on your phone."}
          </p>
          <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
            <TextField
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              className="flex-1"
            />
            <SubmitButton
              intent={enabled ? "2fa-disable" : "2fa-enable"}
              pendingLabel={enabled ? "Turning off..." : "Starting..."}
              variant={enabled ? "secondary" : "primary"}
            >
              {enabled ? "Turn off two-factor" : "Set up two-factor"}
            </SubmitButton>
          </Form>
        </>
      )}
    </Section>
  );
}
