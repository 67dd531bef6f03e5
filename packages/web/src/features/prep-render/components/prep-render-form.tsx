import { zodResolver } from "@hookform/resolvers/zod";
import { createRenderSchema, type CreateRenderInput } from "@storyboard/core/render/schema";
import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { useUser } from "../../../lib/user";
import {
  useRenderQuote,
  isScreenplayProcessing,
  paymentRequiredOf,
  useCreateRender,
  useVoices,
  type PaymentRequired,
  type ScreenplayForRender,
} from "../api/prep-render";
import { defaultRenderValues, initialVoices, speakingCharacters } from "../utils/defaults";
import { AspectOptions } from "./aspect-options";
import { CompletePurchase } from "./complete-purchase";
import { CostBox } from "./cost-box";
import { StyleOptions, ToggleOptions } from "./render-options";
import { SoundOptions } from "./sound-options";
import { VoiceAssignment } from "./voice-assignment";

type Output = z.output<typeof createRenderSchema>;

/** Settings of a new render; Confirm creates it, or switches to 'Complete Your Purchase' on a 402. */
export function PrepRenderForm({ screenplay, onCancel }: { screenplay: ScreenplayForRender; onCancel: () => void }) {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const voices = useVoices();
  const create = useCreateRender();
  const [payment, setPayment] = useState<PaymentRequired | null>(null);
  const form = useForm<CreateRenderInput, unknown, Output>({
    resolver: zodResolver(createRenderSchema),
    defaultValues: defaultRenderValues(screenplay),
  });

  // Voices arrive after the form: assign them automatically unless the user already chose some.
  useEffect(() => {
    if (voices.data && !form.getFieldState("characterVoices").isDirty) {
      form.setValue("characterVoices", initialVoices(screenplay, voices.data));
    }
  }, [voices.data, screenplay, form]);

  const warned = useRef(false);
  useEffect(() => {
    if (voices.isError && !warned.current) {
      warned.current = true;
      toast({
        variant: "destructive",
        title: "Error Loading Voices",
        description: "We couldn't load the voice options. Please try again later.",
      });
    }
  }, [voices.isError]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { id } = await create.mutateAsync(values);
      navigate(`/renders/${id}`, { state: { showDescriptionsComingSoon: values.previewDescriptionsBeforeFirstImages } });
    } catch (error) {
      const needed = paymentRequiredOf(error);
      if (needed) setPayment(needed);
    }
  });

  const processing = isScreenplayProcessing(screenplay.status);
  const unusable = screenplay.status === "failed";
  const characters = speakingCharacters(screenplay).map((c) => c.name);
  const quote = useRenderQuote(
    screenplay.id,
    { style: form.watch("style"), aspect: form.watch("aspect"), characterVoices: form.watch("characterVoices") ?? {} },
    screenplay.status === "ready",
  );

  return (
    <>
      {payment && (
        <CompletePurchase
          payment={payment}
          values={form.getValues()}
          pageCount={screenplay.pageCount}
          onBack={() => setPayment(null)}
          onStarted={(id) =>
            navigate(`/renders/${id}`, { state: { showDescriptionsComingSoon: form.getValues("previewDescriptionsBeforeFirstImages") } })
          }
        />
      )}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate hidden={!!payment} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="flex min-w-0 flex-col gap-6">
            <Card>
              <CardHeader>
                <CardTitle>Render title</CardTitle>
              </CardHeader>
              <CardContent>
                <FormField
                  control={form.control}
                  name="title"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel className="sr-only">Render title</FormLabel>
                      <FormControl>
                        <Input {...field} maxLength={200} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Visual style</CardTitle>
                <CardDescription>How every image of the storyboard is drawn.</CardDescription>
              </CardHeader>
              <CardContent>
                <StyleOptions control={form.control} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Aspect ratio</CardTitle>
                <CardDescription>The shape of the frames, the video and the storyboard's panels. 9:16 is for phones.</CardDescription>
              </CardHeader>
              <CardContent>
                <AspectOptions control={form.control} style={form.watch("style")} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Review and captions</CardTitle>
              </CardHeader>
              <CardContent>
                <ToggleOptions control={form.control} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Sound and editing</CardTitle>
                <CardDescription>
                  Music under the voices and each part's level; the mix is brought to web video's loudness. The frame rate is the one the project
                  zip's editing timelines use.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <SoundOptions
                  control={form.control}
                  setUploadId={(id) => form.setValue("musicUploadId", id, { shouldDirty: true, shouldValidate: true })}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Character voices</CardTitle>
                <CardDescription>Each speaking character and the narrator get a voice. Change any of them.</CardDescription>
              </CardHeader>
              <CardContent>
                <VoiceAssignment
                  characters={characters}
                  value={form.watch("characterVoices") ?? {}}
                  onChange={(next) => form.setValue("characterVoices", next, { shouldDirty: true })}
                  voices={voices.data}
                  loading={voices.isPending}
                  failed={voices.isError}
                />
              </CardContent>
            </Card>
          </div>
          <Card className="lg:sticky lg:top-20">
            <CardHeader>
              <CardTitle>Summary</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <CostBox pageCount={screenplay.pageCount} balance={user?.points} quote={quote.data} />
              {(processing || unusable) && (
                <p role="status" className="text-sm text-muted-foreground">
                  {processing
                    ? "This screenplay is still being processed. You can confirm once it is ready."
                    : "This screenplay could not be processed, so it cannot be rendered."}
                </p>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row lg:flex-col-reverse">
                <Button type="button" variant="outline" onClick={onCancel} className="flex-1">
                  Cancel
                </Button>
                <Button type="submit" disabled={create.isPending || processing || unusable} className="flex-1">
                  {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
                  {create.isPending ? "Creating..." : "Confirm"}
                </Button>
              </div>
            </CardContent>
          </Card>
        </form>
      </Form>
    </>
  );
}
