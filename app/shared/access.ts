/** A user's access in words, for the admin console and the confirmation after changing it. */
export const describeAccess = (p: { isAdmin: boolean; plan: string }) =>
  `${p.isAdmin ? "an admin" : "not an admin"} on the ${p.plan} plan`;
