import { AppError, type ErrorCode } from "../error";
import type { ScreenplayFormat } from "./types";

export const FORMAT_DESCRIPTION: Record<ScreenplayFormat, string> = {
  fdx: "a Final Draft screenplay (.fdx)",
  osf: "an Open Screenplay Format screenplay (.xml or .osf)",
  fadein: "a Fade In screenplay (.fadein)",
  fountain: "a Fountain screenplay (.fountain)",
};

export const EXPORT_ADVICE =
  "Export the script from your screenwriting app as Final Draft (.fdx), Fountain (.fountain), " +
  "Fade In (.fadein) or Open Screenplay Format (.xml) and upload that file.";

/** "This file is not a Final Draft screenplay (.fdx). <reason>" */
export function notA(format: ScreenplayFormat, reason: string, code: ErrorCode = "bad_request"): AppError {
  return new AppError(code, `This file is not ${FORMAT_DESCRIPTION[format]}. ${reason}`);
}
