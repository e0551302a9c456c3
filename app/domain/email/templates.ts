/**
 * The mails CircleUp sends, as HTML and plain text. Pure functions: the
 * outbox stores what they return. Every value that reaches HTML is escaped
 * (names are typed by users), and styles are inline because mail programs
 * drop style sheets.
 */
export type EmailContent = { subject: string; html: string; text: string; headers?: Record<string, string> };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

type Link = { label: string; url: string };

export type Layout = {
  appName: string;
  name: string;
  paragraphs: string[];
  button?: Link;
  /** A second, smaller link under the button, introduced by `lead`. */
  secondary?: Link & { lead: string };
  after?: string[];
};

const INK = "#1f2a2e";
const MUTED = "#4a585d";
const BRAND = "#17645b";

/**
 * Anyone can sign up with someone else's address and any name, so the name
 * must not turn our mail into a carrier for their link or text: a name that
 * looks like a web address or is very long becomes "there".
 */
function carried(name: string, fallback: string): string {
  const clean = name.replace(/\s+/g, " ").trim();
  const unsafe = clean.length > 60 || /:\/\/|www\.|@|[a-z0-9-]\.[a-z]{2,}/i.test(clean);
  return clean && !unsafe ? clean : fallback;
}

function greeting(name: string): string {
  return `Hi ${carried(name, "there")},`;
}

export function render({ appName, name, paragraphs, button, secondary, after = [] }: Layout): {
  html: string;
  text: string;
} {
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:${INK}">${escapeHtml(t)}</p>`;
  const a = (link: Link, style: string) =>
    `<a href="${escapeHtml(link.url)}" style="${style}">${escapeHtml(link.label)}</a>`;
  const buttonHtml = button
    ? `<p style="margin:24px 0">${a(button, `display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 22px;border-radius:999px`)}</p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${MUTED}">If the button does not work, copy this link into your browser:<br>${a({ label: button.url, url: button.url }, `color:${BRAND};word-break:break-all`)}</p>`
    : "";
  const secondaryHtml = secondary
    ? `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:${INK}">${escapeHtml(secondary.lead)} ${a(secondary, `color:${BRAND}`)}<br><span style="font-size:13px;color:${MUTED};word-break:break-all">${escapeHtml(secondary.url)}</span></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(appName)}</title></head>
<body style="margin:0;padding:0;background:#fbf8f3;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 20px">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:22px;font-weight:600;color:${BRAND}">${escapeHtml(appName)}</p>
<div style="background:#ffffff;border:1px solid #e5dccd;border-radius:20px;padding:28px">
${[p(greeting(name)), ...paragraphs.map(p), buttonHtml, secondaryHtml, ...after.map(p)].filter(Boolean).join("\n")}
</div>
<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:${MUTED}">${escapeHtml(appName)} helps meeting hosts open and close meetings with the right question.</p>
</div></body></html>`;
  const text = [
    greeting(name),
    "",
    ...paragraphs.flatMap((t) => [t, ""]),
    ...(button ? [`${button.label}: ${button.url}`, ""] : []),
    ...(secondary ? [`${secondary.lead} ${secondary.label}: ${secondary.url}`, ""] : []),
    ...after.flatMap((t) => [t, ""]),
    `-- ${appName}`,
  ].join("\n");
  return { html, text };
}

export function verificationEmail({
  appName,
  name,
  url,
}: {
  appName: string;
  name: string;
  url: string;
}): EmailContent {
  return {
    subject: `Verify your email for ${appName}`,
    ...render({
      appName,
      name,
      paragraphs: [`Welcome to ${appName}. Please confirm this is your address, and your account is ready.`],
      button: { label: "Verify my email", url },
      after: ["The link works for 24 hours. If you did not create an account, you can ignore this mail."],
    }),
  };
}

export function passwordResetEmail({
  appName,
  name,
  url,
  expiresInMinutes,
}: {
  appName: string;
  name: string;
  url: string;
  expiresInMinutes: number;
}): EmailContent {
  return {
    subject: `Reset your ${appName} password`,
    ...render({
      appName,
      name,
      paragraphs: ["Someone asked to reset the password of your account. If it was you, choose a new one here:"],
      button: { label: "Choose a new password", url },
      after: [
        `The link works once, for ${expiresInMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
      ],
    }),
  };
}

export function welcomeEmail({ appName, name, url }: { appName: string; name: string; url: string }): EmailContent {
  return {
    subject: `Welcome to ${appName}`,
    ...render({
      appName,
      name,
      paragraphs: [
        "Your email is verified and your account is ready.",
        "Pick a meeting type, a tone and a depth, and you get a question that helps everyone arrive. Save the ones that land, vote for the best, and find them again on any device.",
      ],
      button: { label: `Open ${appName}`, url },
    }),
  };
}

/** Goes to the current address: the change happens only once its owner agrees. */
export function emailChangeEmail({
  appName,
  name,
  newEmail,
  url,
}: {
  appName: string;
  name: string;
  newEmail: string;
  url: string;
}): EmailContent {
  return {
    subject: `Confirm your new email for ${appName}`,
    ...render({
      appName,
      name,
      paragraphs: [
        `You asked to change the address of your account to ${newEmail}. Confirm it here, and we will send a last check to the new address:`,
      ],
      button: { label: "Confirm the change", url },
      after: ["If you did not ask for this, ignore this mail and consider changing your password."],
    }),
  };
}

/** Sign-up never says whether an address is taken; its owner hears it here instead. */
export function existingAccountEmail({
  appName,
  name,
  signInUrl,
  resetUrl,
}: {
  appName: string;
  name: string;
  signInUrl: string;
  resetUrl: string;
}): EmailContent {
  return {
    subject: `Someone tried to sign up to ${appName} with your email`,
    ...render({
      appName,
      name,
      paragraphs: [
        "Someone just tried to create an account with this address, which already has one. If that was you, sign in instead:",
      ],
      button: { label: "Sign in", url: signInUrl },
      secondary: { lead: "Forgot your password?", label: "Reset it here", url: resetUrl },
      after: ["If it was not you, you can ignore this mail: nothing changes on your account."],
    }),
  };
}

/** A contact-form message for the team; the sender's words go in as text, escaped like every value. */
export function contactMessageEmail({
  appName,
  name,
  email,
  message,
}: {
  appName: string;
  name: string;
  email: string;
  message: string;
}): EmailContent {
  return {
    subject: `${appName} contact form: message from ${name.replace(/\s+/g, " ").slice(0, 60)}`,
    ...render({
      appName,
      name: "team",
      paragraphs: [`${name} (${email}) wrote through the contact form:`, ...message.split(/\n{2,}/)],
      after: [`Reply to ${email} to answer.`],
    }),
  };
}

/**
 * An invitation to a team, sent to an address an owner typed. The team's
 * and the inviter's names are typed by users too, so they pass the same
 * rule as a greeting's name. The link is the invitation itself.
 */
export function teamInvitationEmail({
  appName,
  teamName,
  inviterName,
  role,
  url,
  expiresInDays,
}: {
  appName: string;
  teamName: string;
  inviterName: string;
  role: string;
  url: string;
  expiresInDays: number;
}): EmailContent {
  const team = carried(teamName, "their team");
  const inviter = carried(inviterName, "A host");
  return {
    subject: `${inviter} invited you to ${team} on ${appName}`,
    ...render({
      appName,
      name: "",
      paragraphs: [
        `${inviter} invited you to join ${team} on ${appName} as a ${role.toLowerCase()}. The team keeps its meetings' questions, history and rounds in one place.`,
      ],
      button: { label: "See the invitation", url },
      after: [
        `The link works once, for ${expiresInDays} days, and only for an account with this email address. If you do not know the team, you can ignore this mail.`,
      ],
    }),
  };
}
