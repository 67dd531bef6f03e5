/**
 * The prod synth as an operator meets it: what survives a removal, and the limits that keep
 * retries and timeouts inside each other (docs/architecture.md#operating-it).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { STACKS } from "../../sst.config";
import { Web } from "../web";
import { build, type Json, type StackFn } from "./harness";

describe("prod", () => {
  const templates = new Map<StackFn, Json>();
  beforeAll(async () => {
    const placeholders = await build("placeholders", "prod");
    for (const fn of STACKS) if (fn !== Web) templates.set(fn, placeholders.template(fn).toJSON());
    templates.set(Web, (await build("site", "prod")).template(Web).toJSON());
  });

  const allResources = () => [...templates.values()].flatMap((t) => Object.entries(t.Resources as Record<string, Json>));

  it("retains only the data: the table, the two buckets and the user pool", () => {
    const retained = allResources()
      .filter(([, r]) => r.DeletionPolicy === "Retain" || r.UpdateReplacePolicy === "Retain")
      .map(([id, r]) => `${r.Type} ${id.replace(/[0-9A-F]{8}$/, "")}`)
      .sort();
    expect(retained).toEqual([
      "AWS::Cognito::UserPool UserPool",
      "AWS::DynamoDB::Table Table",
      "AWS::S3::Bucket MediaBucket",
      "AWS::S3::Bucket UploadsBucket",
    ]);
    // Nothing in prod empties a bucket when it goes.
    expect(
      allResources()
        .filter(([, r]) => r.Type === "Custom::S3AutoDeleteObjects")
        .map(([id]) => id),
    ).toEqual([]);
  });
});
