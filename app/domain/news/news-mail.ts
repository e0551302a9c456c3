import { type EmailContent, render } from "../email/templates";

/**
 * A product-news mail: the admin's text as paragraphs, the unsubscribe link
 * in the mail, and the headers mail programs show as their own unsubscribe
 * button (List-Unsubscribe, and List-Unsubscribe-Post for a one-click POST).
 */
export function productNewsEmail({
  appName,
  name,
  subject,
  text,
  unsubscribeUrl,
}: {
  appName: string;
  name: string;
  subject: string;
  text: string;
  unsubscribeUrl: string;
}): EmailContent {
  return {
    subject,
    ...render({
      appName,
      name,
      paragraphs: text
        .split(/\r?\n\s*\r?\n/)
        .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
        .filter(Boolean),
      secondary: { lead: "No more product news?", label: "Unsubscribe", url: unsubscribeUrl },
      after: ["You get this mail because you asked for occasional product news on your profile."],
    }),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
