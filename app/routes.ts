import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("how-to", "routes/how-to.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("api/health", "routes/api.health.ts"),
  route("api/v1/generate-question", "routes/api.v1.generate-question.ts"),
  route("functions/v1/generate-question", "routes/api.v1.generate-question.ts", { id: "generate-question-alias" }),
  route("api/v1/stats", "routes/api.v1.stats.ts"),
  // Anything else is the not-found page, answered with HTTP 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
