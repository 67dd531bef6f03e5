import * as RadioGroupPrimitive from "@radix-ui/react-radio-group";
import { voiceGender } from "@storyboard/core/render/voice-assignment";
import { Check, Pause, Play, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { RadioGroup } from "../../../components/ui/radio-group";
import { cn } from "../../../lib/utils";
import type { Voice } from "../api/prep-render";
import { filterVoices, VOICE_FILTER_LABELS, VOICE_FILTERS, type VoiceFilter } from "../utils/voices";

interface Props {
  /** Whose voice is being chosen ("Narrator" or a character name); null keeps the dialog closed. */
  character: string | null;
  currentVoiceId?: string;
  voices: Voice[];
  onConfirm: (voice: Voice) => void;
  onCancel: () => void;
}

/** docs/product.md#renders voice picker: search by name, filter by gender with counts, preview, a selection to confirm. */
export function VoicePickerDialog({ character, ...rest }: Props) {
  return (
    <Dialog open={character !== null} onOpenChange={(open) => !open && rest.onCancel()}>
      <DialogContent className="max-w-xl">{character !== null && <VoicePicker key={character} character={character} {...rest} />}</DialogContent>
    </Dialog>
  );
}

function VoicePicker({ character, currentVoiceId, voices, onConfirm, onCancel }: Props & { character: string }) {
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<VoiceFilter>("all");
  const [selected, setSelected] = useState<string>("");
  const [playing, setPlaying] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const { voices: shown, counts } = filterVoices(voices, search, filter);
  const current = voices.find((v) => v.voice_id === currentVoiceId);

  useEffect(() => () => audio.current?.pause(), []);

  const togglePreview = (voice: Voice) => {
    const el = audio.current;
    if (!el) return;
    if (playing === voice.voice_id) {
      el.pause();
      setPlaying(null);
      return;
    }
    el.src = voice.preview_url;
    setPlaying(voice.voice_id);
    // Browsers may refuse playback (no audio device, autoplay rules): the button simply resets.
    Promise.resolve()
      .then(() => el.play())
      .catch(() => setPlaying(null));
  };

  const confirm = () => {
    const voice = voices.find((v) => v.voice_id === selected);
    if (voice) onConfirm(voice);
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Choose a voice for {character}</DialogTitle>
        <DialogDescription>{current ? `Currently ${current.name}. ` : ""}Play a preview, then select a voice.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="voice-search">Search voices</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input id="voice-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Voice name" className="pl-8" />
        </div>
      </div>
      <RadioGroupPrimitive.Root
        value={filter}
        onValueChange={(v) => setFilter(v as VoiceFilter)}
        aria-label="Filter by gender"
        orientation="horizontal"
        className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-4"
      >
        {VOICE_FILTERS.map((f) => (
          <RadioGroupPrimitive.Item
            key={f}
            value={f}
            className="rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm"
          >
            {VOICE_FILTER_LABELS[f]} ({counts[f]})
          </RadioGroupPrimitive.Item>
        ))}
      </RadioGroupPrimitive.Root>
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No voices match.</p>
      ) : (
        <RadioGroup value={selected} onValueChange={setSelected} aria-label="Voices" className="max-h-72 gap-1 overflow-y-auto pr-1">
          {shown.map((voice) => {
            const isSelected = voice.voice_id === selected;
            return (
              <div
                key={voice.voice_id}
                className={cn("flex items-center gap-2 rounded-md border px-2 py-1.5", isSelected && "border-primary bg-accent")}
              >
                <RadioGroupPrimitive.Item
                  value={voice.voice_id}
                  aria-label={voice.name}
                  className="flex min-w-0 flex-1 items-center gap-3 rounded-sm px-1 py-1 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span
                    className={cn(
                      "flex size-4 shrink-0 items-center justify-center rounded-full border border-primary",
                      isSelected && "bg-primary text-primary-foreground",
                    )}
                    aria-hidden
                  >
                    {isSelected && <Check className="size-3" />}
                  </span>
                  <span className="truncate text-sm font-medium">{voice.name}</span>
                  <Badge variant="outline" className="capitalize">
                    {voiceGender(voice)}
                  </Badge>
                  {voice.voice_id === currentVoiceId && <span className="text-xs text-muted-foreground">current</span>}
                </RadioGroupPrimitive.Item>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => togglePreview(voice)}
                  aria-label={`${playing === voice.voice_id ? "Stop" : "Play"} preview of ${voice.name}`}
                  aria-pressed={playing === voice.voice_id}
                >
                  {playing === voice.voice_id ? <Pause /> : <Play />}
                </Button>
              </div>
            );
          })}
        </RadioGroup>
      )}
      <audio ref={audio} onEnded={() => setPlaying(null)} preload="none" className="hidden" />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={!selected}>
          Confirm
        </Button>
      </DialogFooter>
    </>
  );
}
