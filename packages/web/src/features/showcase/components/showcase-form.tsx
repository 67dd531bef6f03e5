import { zodResolver } from "@hookform/resolvers/zod";
import { EDIT_GENRES, subgenresOf, TAG_GROUPS } from "@storyboard/core/catalog/showcase";
import { SHOWCASE_LIMITS, showcaseFormSchema, type ShowcaseFormInput } from "@storyboard/core/showcase/schema";
import { Check, ImageOff } from "lucide-react";
import { useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { InputField } from "../../../components/input-field";
import { Button } from "../../../components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Switch } from "../../../components/ui/switch";
import { Textarea } from "../../../components/ui/textarea";
import { mediaUrl } from "../../../config/env";
import { cn } from "../../../lib/utils";
import { CheckList } from "./check-list";

export type ShowcaseFormValues = z.output<typeof showcaseFormSchema>;

/**
 * The promotion and edit form (docs/product.md#showcase): title, logline,
 * genre (the ten of the form), up to four of its subgenres, tags, display
 * name, a thumbnail from this render's images, and (editing) visibility.
 */
export function ShowcaseForm({
  defaultValues,
  images,
  mediaPrefix,
  showVisibility = false,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  defaultValues: Partial<ShowcaseFormInput>;
  images: string[];
  mediaPrefix?: string;
  showVisibility?: boolean;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: ShowcaseFormValues) => void | Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm<ShowcaseFormInput, unknown, ShowcaseFormValues>({
    resolver: zodResolver(showcaseFormSchema),
    shouldFocusError: false,
    defaultValues: { title: "", logline: "", genre: "", subgenres: [], tags: [], displayName: "", thumbnailUrl: null, isPublic: true, ...defaultValues },
  });
  const genre = useWatch({ control: form.control, name: "genre" });
  const formRef = useRef<HTMLFormElement>(null);
  // A select is not a native field react-hook-form can focus: after the errors render, bring the
  // first invalid control into view and focus it ('Genre is required' was off-screen, issue 23).
  const showFirstError = () =>
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.scrollIntoView({ block: "center", behavior: "smooth" });
      first?.focus({ preventScroll: true });
    });
  const genres = genre && !EDIT_GENRES.includes(genre) ? [genre, ...EDIT_GENRES] : EDIT_GENRES;

  return (
    <Form {...form}>
      <form ref={formRef} onSubmit={form.handleSubmit(onSubmit, showFirstError)} noValidate className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField control={form.control} name="title" label="Title" />
          <InputField control={form.control} name="displayName" label="Display name" placeholder="How viewers see you" />
        </div>
        <FormField
          control={form.control}
          name="logline"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Logline</FormLabel>
              <FormControl>
                <Textarea rows={2} placeholder="One or two sentences about the story" {...field} value={field.value ?? ""} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="genre"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Genre</FormLabel>
              <Select
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  form.setValue("subgenres", []);
                }}
              >
                <FormControl>
                  <SelectTrigger aria-label="Genre" className="sm:max-w-xs">
                    <SelectValue placeholder="Choose a genre" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {genres.map((g) => (
                    <SelectItem key={g} value={g}>
                      {g}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        {subgenresOf(genre).length > 0 && (
          <FormField
            control={form.control}
            name="subgenres"
            render={({ field }) => (
              <FormItem>
                <CheckList legend={`Subgenres (up to ${SHOWCASE_LIMITS.subgenres})`} options={subgenresOf(genre)} selected={field.value ?? []} max={SHOWCASE_LIMITS.subgenres} onChange={field.onChange} />
                <FormMessage />
              </FormItem>
            )}
          />
        )}
        <FormField
          control={form.control}
          name="tags"
          render={({ field }) => (
            <FormItem>
              <p className="text-sm font-medium">Tags</p>
              <div className="grid gap-2">
                {TAG_GROUPS.map((group) => (
                  <details key={group.name} className="rounded-md border px-3 py-2" open={group.tags.some((t) => field.value?.includes(t)) || undefined}>
                    <summary className="cursor-pointer text-sm select-none">{group.name}</summary>
                    <CheckList legend={group.name} options={group.tags} selected={field.value ?? []} onChange={field.onChange} className="pt-3 [&>legend]:sr-only" />
                  </details>
                ))}
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="thumbnailUrl"
          render={({ field }) => (
            <FormItem>
              <p className="text-sm font-medium">Thumbnail</p>
              <div role="radiogroup" aria-label="Thumbnail" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
                <ThumbnailChoice selected={!field.value} onSelect={() => field.onChange(null)} label="Use the poster">
                  <ImageOff className="size-5 text-muted-foreground" />
                  <span className="text-xs text-muted-foreground">Poster</span>
                </ThumbnailChoice>
                {images.map((image, i) => (
                  <ThumbnailChoice key={image} selected={field.value === image} onSelect={() => field.onChange(image)} label={`Image ${i + 1}`}>
                    <img src={mediaUrl(mediaPrefix, image)} alt="" loading="lazy" className="size-full object-cover" />
                  </ThumbnailChoice>
                ))}
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        {showVisibility && (
          <FormField
            control={form.control}
            name="isPublic"
            render={({ field }) => (
              <FormItem className="flex flex-row items-center justify-between gap-4 rounded-md border p-3">
                <div className="grid gap-1">
                  <FormLabel>Public</FormLabel>
                  <p className="text-xs text-muted-foreground">Hidden entries are visible only to you.</p>
                </div>
                <FormControl>
                  <Switch checked={field.value ?? true} onCheckedChange={field.onChange} />
                </FormControl>
              </FormItem>
            )}
          />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel && (
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}

function ThumbnailChoice({ selected, onSelect, label, children }: { selected: boolean; onSelect: () => void; label: string; children: React.ReactNode }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-label={label}
      onClick={onSelect}
      className={cn(
        "relative flex aspect-video flex-col items-center justify-center gap-1 overflow-hidden rounded-md border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        selected && "ring-2 ring-primary",
      )}
    >
      {children}
      {selected && (
        <span className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Check className="size-3" />
        </span>
      )}
    </button>
  );
}
