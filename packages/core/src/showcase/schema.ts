/**
 * Showcase schemas shared by the web forms and the API handlers
 * (docs/product.md#showcase). Browser-safe: zod and the catalogue only.
 * Messages are the spec's exact strings.
 */
import { z } from "zod";
import { ALL_TAGS, CONTACT_REASON_IDS, GENRE_NAMES, REPORT_REASON_IDS, subgenresOf } from "../catalog/showcase";
import { multiLine, singleLine } from "../plain-text";
import { SHOWCASE_LIMITS, SHOWCASE_MESSAGES } from "./limits";

export { commaList, SHOWCASE_LIMITS, SHOWCASE_MESSAGES } from "./limits";

const M = SHOWCASE_MESSAGES;

const showcaseFields = {
  title: z.string({ error: M.titleRequired }).overwrite(singleLine).trim().min(1, { error: M.titleRequired }).max(SHOWCASE_LIMITS.title, { error: M.titleMax }),
  logline: z
    .string()
    .overwrite(singleLine)
    .trim()
    .max(SHOWCASE_LIMITS.logline, { error: `Logline must be less than ${SHOWCASE_LIMITS.logline} characters` })
    .optional(),
  genre: z
    .string({ error: M.genreRequired })
    .trim()
    .min(1, { error: M.genreRequired })
    .refine((g) => GENRE_NAMES.includes(g), { error: "Please choose a genre from the list" }),
  subgenres: z.array(z.string()).max(SHOWCASE_LIMITS.subgenres, { error: M.subgenresMax }).default([]),
  tags: z
    .array(z.string())
    .max(20, { error: "You can select up to 20 tags" })
    .refine((tags) => tags.every((t) => ALL_TAGS.includes(t)), { error: "Please choose tags from the list" })
    .default([]),
  displayName: z
    .string({ error: M.displayNameRequired })
    .overwrite(singleLine)
    .trim()
    .min(1, { error: M.displayNameRequired })
    .max(SHOWCASE_LIMITS.displayName, { error: M.displayNameMax }),
  thumbnailUrl: z.string().trim().optional().nullable(),
};

/** Only subgenres of the chosen genre (docs/product.md#showcase, showcase form). */
const subgenresMatchGenre = (v: { genre: string; subgenres: string[] }) => v.subgenres.every((s) => subgenresOf(v.genre).includes(s));
const subgenreIssue = { error: "Please choose subgenres of the selected genre", path: ["subgenres"] };

export const showcaseFormSchema = z
  .object({ ...showcaseFields, isPublic: z.boolean().default(true) })
  .refine(subgenresMatchGenre, subgenreIssue);

export const promoteSchema = z
  .object({
    renderJobId: z.string({ error: "Please choose a render" }).trim().min(1, { error: "Please choose a render" }),
    ...showcaseFields,
  })
  .refine(subgenresMatchGenre, subgenreIssue);

export const editSchema = showcaseFormSchema;

export type ShowcaseFormInput = z.input<typeof showcaseFormSchema>;
export type PromoteInput = z.infer<typeof promoteSchema>;
export type EditInput = z.infer<typeof editSchema>;

/** The contact dialog (docs/product.md#showcase, contact request). `agree` is the dialog's checkbox; the server needs no copy of it. */
export const contactFormSchema = z.object({
  reason: z.string({ error: M.reasonRequired }).refine((r) => CONTACT_REASON_IDS.includes(r), { error: M.reasonRequired }),
  message: z
    .string()
    .overwrite(multiLine)
    .max(SHOWCASE_LIMITS.contactMessage, { error: `Message must be at most ${SHOWCASE_LIMITS.contactMessage} characters` })
    .optional(),
  agree: z.boolean().refine((v) => v, { error: M.agreementRequired }),
});

export const contactRequestSchema = z.object({
  creatorId: z.string({ error: "The creator is missing." }).min(1, { error: "The creator is missing." }),
  showcaseEntryId: z.string().min(1).optional().nullable(),
  reason: contactFormSchema.shape.reason,
  message: contactFormSchema.shape.message,
});

export type ContactRequestInput = z.infer<typeof contactRequestSchema>;

export const reportSchema = z.object({
  reason: z.string({ error: M.reasonRequired }).refine((r) => REPORT_REASON_IDS.includes(r), { error: M.reasonRequired }),
  message: z
    .string()
    .overwrite(multiLine)
    .trim()
    .max(SHOWCASE_LIMITS.reportMessage, { error: `Message must be at most ${SHOWCASE_LIMITS.reportMessage} characters` })
    .optional(),
});

export type ReportInput = z.infer<typeof reportSchema>;
