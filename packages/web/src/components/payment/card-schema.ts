import { z } from "zod";

/** Digits only, for the number and CVC boxes. */
export const digits = (value: string) => value.replace(/\D/g, "");

/** "4242424242424242" → "4242 4242 4242 4242" (as typed). */
export const formatCardNumber = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");

/** "1234" → "12 / 34" (as typed). */
export function formatExpiry(value: string): string {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/** "MM / YY" → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const d = digits(value);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  const year = 2000 + Number(d.slice(2));
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  const d = digits(number);
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return d.length > 0 && sum % 10 === 0;
}

/** The offline card form (docs/product.md#payments); real Stripe keys use the Payment Element instead. */
export const cardFormSchema = (now = new Date()) =>
  z.object({
    number: z
      .string()
      .refine((v) => digits(v).length >= 12 && digits(v).length <= 19, "Enter the full card number.")
      .refine(luhnValid, "This card number is not valid."),
    expiry: z
      .string()
      .refine((v) => parseExpiry(v) !== null, "Enter the expiry date as MM / YY.")
      .refine((v) => {
        const e = parseExpiry(v);
        return !e || e.year > now.getFullYear() || (e.year === now.getFullYear() && e.month >= now.getMonth() + 1);
      }, "This card has expired."),
    cvc: z.string().refine((v) => /^\d{3,4}$/.test(digits(v)), "Enter the 3 or 4 digit security code."),
  });

export type CardFormValues = z.infer<ReturnType<typeof cardFormSchema>>;
