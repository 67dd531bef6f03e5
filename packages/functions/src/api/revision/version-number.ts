import { z } from "zod";

/** A draft number from the path or the query: a whole number from 1. */
export const versionNumber = (what: string) =>
  z.coerce
    .number({ error: `Please give the ${what} draft as a number.` })
    .int({ error: `Please give the ${what} draft as a whole number.` })
    .min(1, { error: `Draft numbers start at 1.` });
