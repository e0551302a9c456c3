/** The longest contact-form message we accept. */
export const CONTACT_MESSAGE_MAX = 5000;
