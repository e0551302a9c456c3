/**
 * The mails CircleUp sends, as HTML and plain text. Pure functions: the
 * outbox stores what they return. Every value that reaches HTML is escaped
 * (names are typed by users).
 */
export type EmailContent = { subject: string; html: string; text: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

type Layout = {
  appName: string;
  greeting: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  after?: string[];
};

function render({ appName, greeting, paragraphs, button, after = [] }: Layout): { html: string; text: string } {
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:#1f2a2e">${escapeHtml(t)}</p>`;
  const buttonHtml = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#17645b;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:999px">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#4a585d">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(button.url)}" style="color:#134f48;word-break:break-all">${escapeHtml(button.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(appName)}</title></head>
<body style="margin:0;padding:0;background:#fbf8f3;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 20px">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:22px;font-weight:600;color:#17645b">${escapeHtml(appName)}</p>
<div style="background:#ffffff;border:1px solid #e5dccd;border-radius:20px;padding:28px">
${p(greeting)}
${paragraphs.map(p).join("\n")}
${buttonHtml}
${after.map(p).join("\n")}
</div>
<p style="margin:24px 0 0;font-size:12px;color:#4a585d">${escapeHtml(appName)}: questions that help teams open and close meetings well.</p>
</div></body></html>`;
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((t) => [t, ""]),
    ...(button ? [`${button.label}: ${button.url}`, ""] : []),
    ...after.flatMap((t) => [t, ""]),
    `-- ${appName}`,
  ].join("\n");
  return { html, text };
}

const hello = (name: string) => `Hi ${name.trim() || "there"},`;

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
      greeting: hello(name),
      paragraphs: [`Welcome to ${appName}. Please confirm this is your address so you can sign in.`],
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
      greeting: hello(name),
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
      greeting: hello(name),
      paragraphs: [
        "Your email is verified and your account is ready.",
        "Pick a meeting type, a tone and a depth, and you get a question that helps everyone arrive. Save the ones that land, vote on the best, and find them again on any device.",
      ],
      button: { label: `Open ${appName}`, url },
    }),
  };
}

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
      greeting: hello(name),
      paragraphs: [`You asked to change the address of your account to ${newEmail}. Confirm it here:`],
      button: { label: "Confirm the change", url },
      after: ["If you did not ask for this, ignore this mail and consider changing your password."],
    }),
  };
}

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
      greeting: hello(name),
      paragraphs: [
        "Someone just tried to create an account with this address, which already has one. If that was you, sign in instead:",
      ],
      button: { label: "Sign in", url: signInUrl },
      after: [`Forgot your password? Reset it here: ${resetUrl}`, "If it was not you, you can ignore this mail."],
    }),
  };
}
