import { describe, expect, it } from "vitest";
import { Web } from "../web";
import { nagErrors } from "./nag";

/** Its own file: the site's distribution comes from a separate build (stacks/offline.ts), one per process. */
describe("cdk-nag over the prod synth of the site's stack", () => {
  it("has no AwsSolutions or Serverless error outside stacks/nag-suppressions.ts", async () => {
    expect(await nagErrors("site", [Web])).toEqual([]);
  });
});
