import { render, screen } from "@testing-library/react";
import { CostBox } from "./cost-box";

describe("the cost box", () => {
  it("shows the reuse price and what is reused from the earlier draft's render", () => {
    const quote = { blocks: 2034, reused: 1962, cost: 300, fullCost: 11200, from: { renderJobId: "r1", version: 3 } };
    render(<CostBox pageCount={112} balance={1000} quote={quote} />);
    expect(screen.getByTestId("reuse-notice")).toHaveTextContent(
      "Reusing 1,962 of 2,034 blocks from your render of draft 3 — 300 points instead of 11,200",
    );
    expect(screen.getByTestId("render-cost")).toHaveTextContent("300 points");
    expect(screen.getByTestId("balance-after")).toHaveTextContent("700 points");
  });

  it("shows the full price when nothing is reused", () => {
    render(<CostBox pageCount={112} balance={1000} quote={{ blocks: 2034, reused: 0, cost: 11200, fullCost: 11200, from: null }} />);
    expect(screen.queryByTestId("reuse-notice")).toBeNull();
    expect(screen.getByTestId("render-cost")).toHaveTextContent("11,200 points");
  });
});
