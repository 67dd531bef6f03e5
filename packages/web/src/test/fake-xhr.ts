import { vi } from "vitest";

/** One request sent through the stubbed XMLHttpRequest; it waits until the test answers it. */
export interface PendingUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void;
  respond(status: number, text?: string): void;
  /** The network drops the request. */
  fail(): void;
  readonly aborted: boolean;
}

/**
 * Stubs `XMLHttpRequest` (lib/upload.ts sends presigned PUTs with it, for their progress) with one the test
 * drives: each `send` lands in `requests`, and nothing answers until the test calls `respond` or `fail`.
 */
export function stubXhr() {
  const requests: PendingUpload[] = [];
  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    statusText = "";
    responseText = "";
    private request: PendingUpload | null = null;
    private method = "GET";
    private url = "";
    private headers: Record<string, string> = {};
    private done = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    send(body: unknown) {
      let aborted = false;
      const finish = (type: "load" | "error" | "abort", status = 0, text = "") => {
        if (this.done) return;
        this.done = true;
        this.status = status;
        this.responseText = text;
        this.dispatchEvent(new Event(type));
      };
      this.request = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        progress: (loaded, total) => this.upload.dispatchEvent(new ProgressEvent("progress", { lengthComputable: true, loaded, total })),
        respond: (status, text = "") => finish("load", status, text),
        fail: () => finish("error"),
        get aborted() {
          return aborted;
        },
      };
      this.abortRequest = () => {
        aborted = true;
        finish("abort");
      };
      requests.push(this.request);
    }

    private abortRequest = () => {};

    abort() {
      this.abortRequest();
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return { requests };
}
