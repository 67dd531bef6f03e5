/**
 * Sends a file straight to storage by a presigned PUT (a music track: docs/decisions.md#music-uploads-straight-to-the-bucket).
 * XMLHttpRequest, not fetch: only it reports how much of the body has gone, which a 20 MB file on a slow line needs.
 * The address carries its own signature, so no cookie goes with it.
 */
import { ApiError } from "./api";

export interface PresignedUploadOptions {
  /** Headers the signature covers (a content type), if any. */
  headers?: Record<string, string>;
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const NOT_SENT = "The file could not be sent. Try again.";
const OFFLINE = "The file could not be sent. Check your connection and try again.";

/** Resolves when storage has taken the whole file; an `ApiError` for any other answer, the signal's reason when aborted. */
export function uploadToPresignedUrl(url: string, file: Blob, { headers = {}, onProgress, signal }: PresignedUploadOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = (finish: () => void) => {
      signal?.removeEventListener("abort", abort);
      finish();
    };
    xhr.open("PUT", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    xhr.addEventListener("load", () =>
      settle(() =>
        xhr.status >= 200 && xhr.status < 300
          ? resolve()
          : // Storage answers in XML, which means nothing to a person: the status stays in the message for the logs.
            reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`, NOT_SENT)),
      ),
    );
    xhr.addEventListener("error", () => settle(() => reject(new ApiError(0, "0: the upload failed on the network", OFFLINE))));
    xhr.addEventListener("abort", () => settle(() => reject(signal?.reason ?? new DOMException("The upload was cancelled.", "AbortError"))));
    signal?.addEventListener("abort", abort, { once: true });
    xhr.send(file);
  });
}
