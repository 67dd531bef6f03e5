import { z } from "zod";
import { renderSettingsSchema } from "../render/schema";

/** Browser-safe schemas of the payment calls (docs/product.md#api). */
export const pointsPurchaseSchema = z.object({
  amount: z.coerce.number({ error: "Enter an amount in dollars." }),
});

export const renderPaymentIntentSchema = z.object({
  screenplayId: z.string().min(1, "Choose a screenplay to render."),
});

/** `POST /api/purchase-render`: the PaymentIntent paid for and the render's settings, as `POST /api/renders` takes them (the spec names the title `renderTitle`). */
export const purchaseRenderSchema = renderSettingsSchema.omit({ title: true }).extend({
  paymentIntentId: z.string().trim().min(1, "The payment is missing."),
  renderTitle: renderSettingsSchema.shape.title,
});
export type PurchaseRenderInput = z.input<typeof purchaseRenderSchema>;

/** `POST /api/userSubscription` and its estimate: one of the plans' price ids (docs/product.md#api). */
export const subscriptionPriceSchema = z.object({
  priceId: z.string({ error: "Choose a plan." }).trim().min(1, "Choose a plan."),
});

/** `PUT /api/userSubscription`: the price, and the estimate's proration date so the charge equals the estimate. */
export const subscriptionChangeSchema = subscriptionPriceSchema.extend({
  prorationDate: z.coerce.number().int().positive().optional(),
});
