import { useId } from "react";
import { Form } from "react-router";
import { control } from "~/components/buttons";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { Check, Copy, KeyRound } from "~/components/icons";
import { useCopy } from "~/lib/use-copy";
import {
  TOKEN_ACCESS,
  TOKEN_EXPIRY,
  TOKEN_EXPIRY_LABELS,
  TOKEN_NAME_MAX,
  type TokenAccess,
  type TokenListing,
} from "~/shared/api-tokens";
import { formatDayTime } from "~/shared/format";
import { Section, sectionIconClass } from "./Section";

/** What the section's last form answered: its error, or a token just made (its secret, this once). */
export type TokenFormResult = { error?: string; success?: string; created?: { name: string; token: string } };

const selectClass =
  "mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";

/**
 * API tokens, on the profile (a member's own) and on a team's settings (the
 * team's): make one (its secret is shown once), see when each was last used
 * and when it expires, revoke one after a confirmation.
 */
export function ApiTokensSection({
  tokens,
  result,
  teams,
  forTeam,
}: {
  tokens: TokenListing[];
  result?: TokenFormResult;
  /** A member's teams, to limit a personal token to one. */
  teams?: { id: string; name: string }[];
  /** The team whose tokens these are (the team's settings page). */
  forTeam?: string;
}) {
  return (
    <Section id="api-tokens" title="API tokens" icon={<KeyRound className={sectionIconClass} aria-hidden="true" />}>
      <p className="text-sm text-ink-muted">
        {forTeam
          ? `A team token lets a script run ${forTeam}'s meetings and keep its questions, without anyone's password. It cannot change people, series or settings.`
          : "A token lets a script call CircleUp's API as you, without your password. Send it as Authorization: Bearer followed by the token."}
      </p>
      {result?.error && <FormMessage tone="error">{result.error}</FormMessage>}
      {result?.success && <FormMessage tone="success">{result.success}</FormMessage>}
      {result?.created && <NewSecret {...result.created} />}
      {/* A new form after each token made: the name just used is not offered again. */}
      <NewTokenForm key={result?.created?.token ?? "new"} teams={teams} />
      {tokens.length > 0 && (
        <ul className="divide-y divide-line border-t border-line" aria-label="Your tokens">
          {tokens.map((token) => (
            <TokenItem key={token.id} token={token} showTeam={!forTeam} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function NewSecret({ name, token }: { name: string; token: string }) {
  const { copied, copy } = useCopy();
  const id = useId();
  return (
    <div role="status" className="space-y-3 rounded-2xl border border-brand-200 bg-brand-50 p-4">
      <p className="font-semibold text-ink">“{name}” is ready. Copy it now: you won’t see it again.</p>
      <label htmlFor={id} className="sr-only">
        The new token
      </label>
      <input
        id={id}
        readOnly
        value={token}
        onFocus={(event) => event.currentTarget.select()}
        className="block w-full rounded-xl border border-line bg-white px-3 py-2.5 font-mono text-sm text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <button type="button" className={control} onClick={() => copy(token)}>
        {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
        <span aria-live="polite">{copied ? "Copied" : "Copy token"}</span>
      </button>
    </div>
  );
}

function NewTokenForm({ teams }: { teams?: { id: string; name: string }[] }) {
  const accessId = useId();
  const expiryId = useId();
  const teamId = useId();
  return (
    <Form method="post" className="space-y-4" noValidate>
      <TextField
        label="Name"
        name="name"
        required
        maxLength={TOKEN_NAME_MAX}
        autoComplete="off"
        hint="What the token is for, such as “Weekly check-in script”."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={accessId} className="block text-sm font-semibold text-ink">
            Access
          </label>
          <select id={accessId} name="access" defaultValue="write" className={selectClass}>
            {(Object.keys(TOKEN_ACCESS) as TokenAccess[]).map((access) => (
              <option key={access} value={access}>
                {TOKEN_ACCESS[access].label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={expiryId} className="block text-sm font-semibold text-ink">
            Expires after
          </label>
          <select id={expiryId} name="expiry" defaultValue="90" className={selectClass}>
            {TOKEN_EXPIRY.map((expiry) => (
              <option key={expiry} value={expiry}>
                {TOKEN_EXPIRY_LABELS[expiry]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {teams && teams.length > 0 && (
        <div>
          <label htmlFor={teamId} className="block text-sm font-semibold text-ink">
            Teams
          </label>
          <select id={teamId} name="teamId" defaultValue="" className={selectClass}>
            <option value="">All your teams</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                Only {team.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <SubmitButton intent="token-create" pendingLabel="Creating...">
        Create token
      </SubmitButton>
    </Form>
  );
}

function tokenState(token: TokenListing): string {
  if (token.revokedAt) return `Revoked ${formatDayTime(token.revokedAt)} UTC`;
  if (token.expiresAt && new Date(token.expiresAt) <= new Date())
    return `Expired ${formatDayTime(token.expiresAt)} UTC`;
  return token.expiresAt ? `Expires ${formatDayTime(token.expiresAt)} UTC` : "Never expires";
}

function TokenItem({ token, showTeam }: { token: TokenListing; showTeam: boolean }) {
  const access = token.scopes.includes("write") ? TOKEN_ACCESS.write.label : TOKEN_ACCESS.read.label;
  const usable = !token.revokedAt && !(token.expiresAt && new Date(token.expiresAt) <= new Date());
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className={`font-medium ${usable ? "text-ink" : "text-ink-muted line-through"}`}>{token.name}</p>
        <code className="text-sm text-ink-muted">cu_{token.publicId}_…</code>
      </div>
      <p className="text-sm text-ink-muted">
        {access}
        {showTeam && token.teamName ? `, only ${token.teamName}` : ""}. {tokenState(token)}.{" "}
        {token.lastUsedAt ? `Last used ${formatDayTime(token.lastUsedAt)} UTC.` : "Never used."}
      </p>
      {usable && (
        <details className="group">
          <summary className={`${control} cursor-pointer list-none`}>Revoke</summary>
          <Form method="post" className="mt-3 space-y-3 rounded-2xl border border-line bg-sand p-4">
            <input type="hidden" name="tokenId" value={token.id} />
            <p className="text-sm text-ink">
              Scripts using “{token.name}” stop working at once. This cannot be undone.
            </p>
            <SubmitButton intent="token-revoke" pendingLabel="Revoking..." variant="danger">
              Yes, revoke it
            </SubmitButton>
          </Form>
        </details>
      )}
    </li>
  );
}
