import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { CATEGORY_SLUGS } from "./shared/categories";

export default [
  index("routes/home.tsx"),
  route("how-to", "routes/how-to.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-in/two-factor", "routes/sign-in.two-factor.tsx"),
  route("sign-up", "routes/sign-up.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  route("verify-email", "routes/verify-email.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("auth/google", "routes/auth.google.ts"),
  route("auth/callback", "routes/auth.callback.tsx"),
  route("auth/v1/callback", "routes/auth.callback.tsx", { id: "auth-callback-alias" }),
  route("profile", "routes/profile/route.tsx"),
  route("profile/export", "routes/profile.export.ts"),
  route("saved-questions", "routes/saved-questions.tsx"),
  route("saved-questions/print", "routes/saved-questions.print.tsx"),
  route("admin", "routes/admin.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/v1/admin/users/:userId", "routes/api.v1.admin.users.ts"),
  route("api/v1/admin/questions/:id/moderate", "routes/api.v1.admin.questions.moderate.ts"),
  route("api/v1/questions", "routes/api.v1.questions.ts"),
  route("api/v1/questions/:id", "routes/api.v1.questions.id.ts"),
  route("api/v1/questions/:id/vote", "routes/api.v1.questions.vote.ts"),
  route("api/v1/questions/:id/save", "routes/api.v1.questions.save.ts"),
  route("api/v1/saved", "routes/api.v1.saved.ts"),
  route("api/health", "routes/api.health.ts"),
  route("api/v1/generate-question", "routes/api.v1.generate-question.ts"),
  route("functions/v1/generate-question", "routes/api.v1.generate-question.ts", { id: "generate-question-alias" }),
  route("api/v1/stats", "routes/api.v1.stats.ts"),
  // The seven category pages share one module.
  ...CATEGORY_SLUGS.map((slug) => route(slug, "routes/category.tsx", { id: `category-${slug}` })),
  // Anything else is the not-found page, answered with HTTP 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
