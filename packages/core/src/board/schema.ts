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
