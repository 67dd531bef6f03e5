import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Plus } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { MAX_CHARACTER_NAME_LENGTH } from "@storyboard/core/screenplay/constants";
import { Button } from "../../../components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/api";
import { useAddCharacter } from "../api/mutations";

/** The server keeps names to this length. */

/** docs/product.md#screenplays Add character: required, trimmed non-empty (the server upper-cases it). */
export const addCharacterSchema = z.object({
  characterName: z
    .string()
    .trim()
    .min(1, "Please enter a character name.")
    .max(MAX_CHARACTER_NAME_LENGTH, `A character name must be ${MAX_CHARACTER_NAME_LENGTH} characters or fewer.`),
});

type AddCharacterValues = z.input<typeof addCharacterSchema>;

export function AddCharacterForm({ screenplayId, disabled }: { screenplayId: string; disabled?: boolean }) {
  const add = useAddCharacter(screenplayId);
  const form = useForm<AddCharacterValues>({ resolver: zodResolver(addCharacterSchema), defaultValues: { characterName: "" } });

  const onSubmit = form.handleSubmit(async ({ characterName }) => {
    const name = characterName.trim();
    try {
      await add.mutateAsync(name);
      form.reset({ characterName: "" });
      toast({ title: "Character added", description: `${name.toUpperCase()} was added to the characters.` });
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to add character", description: errorMessage(error) });
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-2">
        <FormField
          control={form.control}
          name="characterName"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Add a character</FormLabel>
              <div className="flex gap-2">
                <FormControl>
                  <Input
                    {...field}
                    placeholder="Character name"
                    maxLength={MAX_CHARACTER_NAME_LENGTH}
                    disabled={disabled || add.isPending}
                    autoComplete="off"
                  />
                </FormControl>
                <Button type="submit" variant="secondary" disabled={disabled || add.isPending}>
                  {add.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
                  Add
                </Button>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
      </form>
    </Form>
  );
}
