import { planChange } from "./plan-change";

describe("plan changes", () => {
  it("a higher plan is an upgrade, a lower one a downgrade, whatever the billing", () => {
    expect(planChange("storyboard_pro_monthly", "storyboard_studio_monthly")).toBe("upgrade");
    expect(planChange("storyboard_studio_monthly", "storyboard_pro_monthly")).toBe("downgrade");
    expect(planChange("storyboard_starter_annual", "storyboard_agency_monthly")).toBe("upgrade");
    expect(planChange("storyboard_agency_monthly", "storyboard_starter_annual")).toBe("downgrade");
    expect(planChange("storyboard_test_monthly", "storyboard_starter_monthly")).toBe("upgrade");
  });
  it("monthly to annual of the same plan is a time upgrade; back is a downgrade", () => {
    expect(planChange("storyboard_pro_monthly", "storyboard_pro_annual")).toBe("upgrade");
    expect(planChange("storyboard_pro_annual", "storyboard_pro_monthly")).toBe("downgrade");
  });
  it("the same price is no change; unknown prices are not judged", () => {
    expect(planChange("storyboard_pro_monthly", "storyboard_pro_monthly")).toBe("same");
    expect(planChange("price_123", "storyboard_pro_monthly")).toBeNull();
  });
});
