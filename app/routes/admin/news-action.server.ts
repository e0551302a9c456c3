import { data } from "react-router";
import { config } from "~/config.server";
import { sendProductNews } from "~/domain/news/product-news.server";
import { appSecret, database, deliverQueuedEmail } from "~/services.server";
import { firstIssue } from "~/shared/accounts-schemas";
import { productNewsSchema } from "~/shared/news-schemas";

/** The admin page's product-news form; its outcome is under `news`, apart from the other forms'. */
export async function sendNewsAction(adminId: string, form: FormData) {
  const parsed = productNewsSchema.safeParse({ subject: form.get("subject") ?? "", text: form.get("text") ?? "" });
  if (!parsed.success) return data({ news: { error: firstIssue(parsed.error) } }, { status: 400 });
  const { db } = await database();
  const { appName, publicUrl } = config();
  const { recipients } = await sendProductNews(db, adminId, parsed.data, {
    appName,
    publicUrl,
    secret: appSecret(),
  });
  if (recipients === 0) {
    return data(
      { news: { error: "No verified account has asked for product news: nothing was sent." } },
      { status: 409 },
    );
  }
  deliverQueuedEmail();
  return data({ news: { success: `Queued for ${recipients} ${recipients === 1 ? "account" : "accounts"}.` } });
}
