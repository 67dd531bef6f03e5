import { renderHook } from "@testing-library/react";
import { ApiError } from "../../../lib/api";
import { useRequestKey } from "./request-key";

describe("one Idempotency-Key per intent", () => {
  it("is kept for retries of an unanswered request and renewed once the server answered", () => {
    const { result } = renderHook(() => useRequestKey());
    const keys = result.current;
    const first = keys.keyFor("cancel");
    expect(first).toMatch(/^[A-Za-z0-9-]{36}$/);
    expect(keys.keyFor("cancel")).toBe(first);
    keys.settle(new TypeError("Failed to fetch")); // the answer never came: the retry is the same request
    expect(keys.keyFor("cancel")).toBe(first);
    keys.settle(new ApiError(504, "504: timeout")); // the gateway gave up; the change may have happened
    expect(keys.keyFor("cancel")).toBe(first);
    keys.settle(new ApiError(409, "409: conflict")); // answered: a new attempt is a new request
    const second = keys.keyFor("cancel");
    expect(second).not.toBe(first);
    keys.settle();
    expect(keys.keyFor("cancel")).not.toBe(second);
  });

  it("gives another intent its own key", () => {
    const { result } = renderHook(() => useRequestKey());
    const pro = result.current.keyFor("change:storyboard_pro_monthly:1");
    expect(result.current.keyFor("change:storyboard_agency_monthly:1")).not.toBe(pro);
  });
});
