/** A person's name as the product shows and stores it: first and last name, trimmed. */
export const fullName = (p: { firstName: string; lastName?: string }) => `${p.firstName} ${p.lastName ?? ''}`.trim();
