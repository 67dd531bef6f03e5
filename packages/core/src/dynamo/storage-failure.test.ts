import { describe, expect, it } from "vitest";
import { isConditionFailed, isStorageFailure } from "./errors";

describe("isStorageFailure (docs/decisions.md#writes-a-full-disk-refuses)", () => {
  it("knows the storage's own failures, also wrapped by ElectroDB, and nothing else", () => {
    const wrapped = (name: string) =>
      Object.assign(new Error("Error thrown by DynamoDB client"), { name: "ElectroError", cause: { name } });
    for (const name of ["InternalFailure", "InternalServerError", "InternalError", "ServiceUnavailable"])
      expect(isStorageFailure(wrapped(name))).toBe(true);
    for (const name of ["ConditionalCheckFailedException", "ValidationException", "TransactionCanceledException"])
      expect(isStorageFailure(wrapped(name))).toBe(false);
    expect(isStorageFailure(undefined)).toBe(false);
    expect(isConditionFailed(wrapped("InternalFailure"))).toBe(false);
  });
});
