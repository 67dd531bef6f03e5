import { commitWithRetry, isTransientCancel } from "./transaction";

const conflict = {
  canceled: true,
  data: [
    { rejected: true, code: "TransactionConflict" },
    { rejected: false, code: "None" },
  ],
};
const conditionFailed = {
  canceled: true,
  data: [
    { rejected: true, code: "ConditionalCheckFailed" },
    { rejected: true, code: "TransactionConflict" },
  ],
};
const committed = { canceled: false, data: [] };

describe("commitWithRetry", () => {
  it("tries a transaction again while only a concurrent transaction canceled it", async () => {
    const answers = [conflict, conflict, committed];
    const attempt = vi.fn(async () => answers.shift()!);
    expect(await commitWithRetry(attempt)).toBe(committed);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it("returns a failed condition at once: that is an answer, not a conflict", async () => {
    const attempt = vi.fn(async () => conditionFailed);
    expect(await commitWithRetry(attempt)).toBe(conditionFailed);
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(isTransientCancel(conditionFailed)).toBe(false);
  });

  it("gives up after the last attempt and hands back the cancel for the caller to check", async () => {
    const attempt = vi.fn(async () => conflict);
    expect(await commitWithRetry(attempt, 3)).toBe(conflict);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it("retries a thrown TransactionConflictException and rethrows anything else", async () => {
    const thrown = Object.assign(new Error("conflict"), { name: "TransactionConflictException" });
    const attempt = vi.fn().mockRejectedValueOnce(thrown).mockResolvedValueOnce(committed);
    expect(await commitWithRetry(attempt)).toBe(committed);
    await expect(commitWithRetry(async () => Promise.reject(new Error("bad request")))).rejects.toThrow("bad request");
  });
});
