import { act, render, screen } from "@testing-library/react";
import { Toaster } from "./toaster";
import { toast, TOAST_LIMIT } from "./use-toast";

describe("toasts", () => {
  it("shows at most one toast: a new one replaces the visible one", () => {
    expect(TOAST_LIMIT).toBe(1);
    render(<Toaster />);
    act(() => {
      toast({ title: "First title", description: "first body" });
    });
    expect(screen.getByText("First title")).toBeInTheDocument();
    act(() => {
      toast({ title: "Second title", description: "second body" });
    });
    expect(screen.getByText("Second title")).toBeInTheDocument();
    expect(screen.queryByText("First title")).not.toBeInTheDocument();
    expect(screen.getAllByRole("status").length).toBeLessThanOrEqual(1);
  });
});
