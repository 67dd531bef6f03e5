import { z } from "zod";
import { SHOT_ANGLES, SHOT_MOVEMENTS, SHOT_SIZES } from "./shot-vocabulary";

/** A writer's choice of shot for one block in the descriptions review (its number stays as derived). */
export const shotEditSchema = z.object({
  size: z.enum(SHOT_SIZES, { error: "Choose one of the shot sizes." }),
  angle: z.enum(SHOT_ANGLES, { error: "Choose one of the camera angles." }),
  movement: z.enum(SHOT_MOVEMENTS, { error: "Choose one of the camera movements." }),
});
export type ShotEdit = z.infer<typeof shotEditSchema>;

/** Block id to its shot, as the descriptions review sends them. */
export const shotEditsSchema = z.record(z.string().min(1), shotEditSchema).default({});

/** Storyboard PDF layouts: panels a page and the page's orientation (docs/decisions.md#storyboard-pdf). */
export const PDF_LAYOUTS = ["1-portrait", "1-landscape", "2-portrait", "2-landscape", "6-portrait", "6-landscape"] as const;
export type PdfLayout = (typeof PDF_LAYOUTS)[number];
export const DEFAULT_PDF_LAYOUT: PdfLayout = "6-landscape";
export const pdfLayoutSchema = z.enum(PDF_LAYOUTS, { error: "Choose a layout: 1, 2 or 6 panels a page, portrait or landscape." });

/** The render page's choice of layout for the storyboard PDF download. */
export const relayoutPdfSchema = z.object({ layout: pdfLayoutSchema });
