import { describe, expect, it } from "vitest";
import { STACKS } from "../../sst.config";
import { Web } from "../web";
import { nagErrors } from "./nag";

describe("cdk-nag over the prod synth (every stack but the site's)", () => {
  it("has no AwsSolutions or Serverless error outside stacks/nag-suppressions.ts", async () => {
    expect(
      await nagErrors(
        "placeholders",
        STACKS.filter((fn) => fn !== Web),
      ),
    ).toEqual([]);
  });
});
