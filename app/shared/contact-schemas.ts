import { z } from "zod";
import { CONTACT_MESSAGE_MAX } from "./contact";
import { formatCount } from "./format";

/** The contact form, checked the same way in the browser and on the server. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name").max(100, "Please keep your name under 100 characters"),
  email: z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address")),
  message: z
    .string()
    .trim()
    .min(10, "Please write at least 10 characters so we can help")
    .max(CONTACT_MESSAGE_MAX, `Please keep your message under ${formatCount(CONTACT_MESSAGE_MAX)} characters`),
  /** A field people never see; only form-filling robots put something in it. */
  website: z.string().default(""),
});
export type ContactInput = z.infer<typeof contactSchema>;
