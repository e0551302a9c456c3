import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import { sendNews } from "~/use-cases/admin/admin.server";
import { runForPage } from "~/web/adapters/page.server";

/** The admin page's product-news form; its outcome is under `news`, apart from the other forms'. */
export async function sendNewsAction(page: { request: Request; context: AppLoadContext }, form: FormData) {
  const input = { subject: form.get("subject") ?? "", text: form.get("text") ?? "" };
  const sent = await runForPage(sendNews, page, input);
  if (!sent.ok) return data({ news: { error: sent.message } }, { status: sent.status });
  const { recipients } = sent.value;
  return data({ news: { success: `Queued for ${recipients} ${recipients === 1 ? "account" : "accounts"}.` } });
}
