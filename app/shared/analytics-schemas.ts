import { z } from "zod";

/** POST /api/v1/events: the browser's page views and errors, sent only after cookie consent. */
export const clientEventSchema = z.discriminatedUnion("name", [
  z.object({
    name: z.literal("page_view"),
    page: z.string().trim().min(1).max(80),
    path: z.string().startsWith("/", { error: "path must start with /" }).max(300),
    search: z.string().max(300).default(""),
  }),
  z.object({
    name: z.literal("error"),
    page: z.string().trim().min(1).max(80),
    path: z.string().startsWith("/", { error: "path must start with /" }).max(300),
    message: z.string().max(300).default("Unknown error"),
  }),
]);
