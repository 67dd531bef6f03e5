/** E-mail addresses are compared, stored and looked up trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
