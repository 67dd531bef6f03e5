import { zodResolver } from "@hookform/resolvers/zod";
import { CONTACT_REASONS } from "@storyboard/core/catalog/showcase";
import { contactFormSchema, SHOWCASE_LIMITS } from "@storyboard/core/showcase/schema";
import { Mail } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../../../components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Textarea } from "../../../components/ui/textarea";
import { useContactCreator } from "../api/showcase";

type ContactValues = z.input<typeof contactFormSchema>;

/** Contact Creator (docs/product.md#showcase): a reason, an optional message, and the agreement. */
export function ContactCreatorDialog({ creatorId, showcaseEntryId, creatorName }: { creatorId: string; showcaseEntryId: string; creatorName: string }) {
  const [open, setOpen] = useState(false);
  const contact = useContactCreator();
  const form = useForm<ContactValues>({ resolver: zodResolver(contactFormSchema), defaultValues: { reason: "", message: "", agree: false } });
  const message = useWatch({ control: form.control, name: "message" }) ?? "";

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await contact.mutateAsync({ creatorId, showcaseEntryId, reason: values.reason, message: values.message?.trim() || undefined });
      setOpen(false);
      form.reset();
    } catch {
      // The mutation shows 'Failed to send contact request'; the dialog stays open.
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (setOpen(next), next || form.reset())}>
      <DialogTrigger asChild>
        <Button>
          <Mail /> Contact Creator
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Contact {creatorName}</DialogTitle>
          <DialogDescription>We e-mail your message to the creator. Their reply comes straight to your e-mail address.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Reason</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger aria-label="Reason">
                        <SelectValue placeholder="Select a reason" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {CONTACT_REASONS.map((r) => (
                        <SelectItem key={r.id} value={r.id}>
                          {r.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="message"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Message (optional)</FormLabel>
                  <FormControl>
                    <Textarea rows={5} maxLength={SHOWCASE_LIMITS.contactMessage} placeholder="Introduce yourself and say what you have in mind." {...field} />
                  </FormControl>
                  <p className="text-right text-xs text-muted-foreground tabular-nums" aria-live="polite">
                    {message.length}/{SHOWCASE_LIMITS.contactMessage}
                  </p>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="agree"
              render={({ field }) => (
                <FormItem>
                  <div className="flex items-start gap-2">
                    <FormControl>
                      <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} className="mt-0.5" />
                    </FormControl>
                    <FormLabel className="text-sm leading-snug font-normal">
                      I agree that my name and e-mail address are shared with the creator so they can reply, and that my message follows the Terms of Service.
                    </FormLabel>
                  </div>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="submit" disabled={contact.isPending}>
                {contact.isPending ? "Sending..." : "Send Message"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
