import { z } from "zod";
import { DEFAULT_STYLE } from "../catalog/styles";
import { refineRenderSettings, renderSettingsSchema } from "../render/schema";

/** Browser-safe schemas of the payment calls (docs/product.md#api). */
export const pointsPurchaseSchema = z.object({
  amount: z.coerce.number({ error: "Enter an amount in dollars." }),
});

export const renderPaymentIntentSchema = z.object({
  screenplayId: z.string().min(1, "Choose a screenplay to render."),
  /** The render's style and voices as Confirm sends them: they decide what it reuses and so what it costs. */
  style: renderSettingsSchema.shape.style.default(DEFAULT_STYLE),
  characterVoices: renderSettingsSchema.shape.characterVoices,
  aspect: renderSettingsSchema.shape.aspect,
});
export type RenderPaymentIntentInput = z.input<typeof renderPaymentIntentSchema>;

/** `POST /api/purchase-render`: the PaymentIntent paid for and the render's settings, as `POST /api/renders` takes them (the spec names the title `renderTitle`). */
export const purchaseRenderSchema = renderSettingsSchema
  .omit({ title: true })
  .extend({
    paymentIntentId: z.string().trim().min(1, "The payment is missing."),
    renderTitle: renderSettingsSchema.shape.title,
  })
  .superRefine(refineRenderSettings);
export type PurchaseRenderInput = z.input<typeof purchaseRenderSchema>;

/** `POST /api/userSubscription` and its estimate: one of the plans' price ids (docs/product.md#api). */
export const subscriptionPriceSchema = z.object({
  priceId: z.string({ error: "Choose a plan." }).trim().min(1, "Choose a plan."),
});

/** `PUT /api/userSubscription`: the price, and the estimate's proration date so the charge equals the estimate. */
export const subscriptionChangeSchema = subscriptionPriceSchema.extend({
  prorationDate: z.coerce.number().int().positive().optional(),
});

/**
 * The `Idempotency-Key` header of subscribe, change and cancel: made once per
 * dialog by the web (docs/decisions.md#subscription-requests-keyed-by-the-client).
 */
export const requestKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "The Idempotency-Key header must be 8 to 100 letters, digits, '-' or '_'.")
  .optional();
