import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Lock } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { authenticationOutcome, confirmOffline, PaymentFailure } from "../../lib/stripe";
import { BankChallenge } from "./bank-challenge";
import { Button } from "../ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "../ui/form";
import { Input } from "../ui/input";
import { cardFormSchema, type CardFormValues, digits, formatCardNumber, formatExpiry, parseExpiry } from "./card-schema";
import { PaymentErrorBox, type PaymentErrorState } from "./payment-error-box";

interface Props {
  apiUrl: string;
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  onBusyChange: (busy: boolean) => void;
  onSuccess: (paymentIntentId: string) => void;
}

/** Our small card form for the offline Stripe stand-in: number, expiry and CVC, confirmed like Stripe.js does. */
export function OfflineCardForm({ apiUrl, publishableKey, clientSecret, payLabel, onBusyChange, onSuccess }: Props) {
  const schema = useMemo(() => cardFormSchema(), []);
  const form = useForm<CardFormValues>({ resolver: zodResolver(schema), defaultValues: { number: "", expiry: "", cvc: "" } });
  const [failure, setFailure] = useState<PaymentErrorState | null>(null);
  // 3-D Secure: the bank's page is shown until the buyer completes or fails it.
  const [challenge, setChallenge] = useState<{ id: string; url: string } | null>(null);
  const busy = form.formState.isSubmitting || challenge !== null;

  const fail = (error: unknown) => {
    const declined = error instanceof PaymentFailure && error.declined;
    setFailure({
      title: declined ? "Payment failed" : "Payment error",
      message: error instanceof Error ? error.message : "Please try again.",
    });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    onBusyChange(true);
    let waitsForBank = false;
    try {
      const expiry = parseExpiry(values.expiry)!;
      const outcome = await confirmOffline({
        apiUrl,
        publishableKey,
        clientSecret,
        card: { number: values.number, expMonth: expiry.month, expYear: expiry.year, cvc: digits(values.cvc) },
      });
      if (outcome.kind === "succeeded") onSuccess(outcome.id);
      else {
        waitsForBank = true;
        setChallenge({ id: outcome.id, url: outcome.url });
      }
    } catch (error) {
      fail(error);
    } finally {
      if (!waitsForBank) onBusyChange(false);
    }
  });

  const onBankFinished = useCallback(async () => {
    setChallenge(null);
    try {
      onSuccess(await authenticationOutcome({ apiUrl, publishableKey, clientSecret }));
    } catch (error) {
      fail(error);
    } finally {
      onBusyChange(false);
    }
  }, [apiUrl, publishableKey, clientSecret, onSuccess, onBusyChange]);

  if (challenge) return <BankChallenge url={challenge.url} paymentIntentId={challenge.id} onFinished={onBankFinished} />;

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Card details">
        <FormField
          control={form.control}
          name="number"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Card number</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 1234 1234 1234"
                  maxLength={23}
                  autoFocus
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid grid-cols-2 gap-3">
          <FormField
            control={form.control}
            name="expiry"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Expiry</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    onChange={(e) => field.onChange(formatExpiry(e.target.value))}
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="MM / YY"
                    maxLength={7}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="cvc"
            render={({ field }) => (
              <FormItem>
                <FormLabel>CVC</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    onChange={(e) => field.onChange(digits(e.target.value).slice(0, 4))}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="123"
                    maxLength={4}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        {failure && <PaymentErrorBox {...failure} />}
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Lock aria-hidden />}
          {busy ? "Processing..." : payLabel}
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks your bank to confirm.
        </p>
      </form>
    </Form>
  );
}
