import { z } from "zod";
import { characterVoiceSchema } from "../render/schema";
import { STYLE_IDS } from "../catalog/styles";

/** Browser-safe schemas of the payment calls (docs/product.md#api). */
export const pointsPurchaseSchema = z.object({
  amount: z.coerce.number({ error: "Enter an amount in dollars." }),
});

export const renderPaymentIntentSchema = z.object({
  screenplayId: z.string().min(1, "Choose a screenplay to render."),
});

/** `POST /api/purchase-render`: the PaymentIntent paid for and the render's settings (the spec names the title `renderTitle`). */
export const purchaseRenderSchema = z.object({
  paymentIntentId: z.string().trim().min(1, "The payment is missing."),
  screenplayId: z.string().min(1, "Choose a screenplay to render."),
  renderTitle: z.string().trim().min(1, "Please enter a render title.").max(200, "The render title must be 200 characters or fewer."),
  style: z.enum(STYLE_IDS, { error: "Choose one of the visual styles." }),
  characterVoices: z.record(z.string(), characterVoiceSchema).default({}),
  previewDescriptionsBeforeFirstImages: z.boolean().default(true),
  previewImagesBeforeFirstRender: z.boolean().default(true),
  burnCaptions: z.boolean().default(false),
});
export type PurchaseRenderInput = z.input<typeof purchaseRenderSchema>;
