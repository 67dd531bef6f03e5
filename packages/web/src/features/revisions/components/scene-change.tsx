import type { BlockChange, SceneChange, SceneState } from "@storyboard/core/revision/schema";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";

const STATE_LABEL: Record<SceneState, string> = {
  added: "Added",
  removed: "Removed",
  moved: "Moved",
  changed: "Changed",
  unchanged: "Unchanged",
};

const STATE_STYLE: Record<SceneState, string> = {
  added: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  removed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  moved: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  changed: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  unchanged: "bg-muted text-muted-foreground",
};

function sceneNumbers(scene: SceneChange) {
  if (scene.fromNumber && scene.toNumber && scene.fromNumber !== scene.toNumber) return `Scene ${scene.fromNumber} → ${scene.toNumber}`;
  return `Scene ${scene.toNumber ?? scene.fromNumber}`;
}

/** Screenplay layout by block type: dialogue and parentheticals indented as on the page. */
const BLOCK_INDENT: Record<string, string> = {
  dialogue: "pl-[12%] pr-[10%] sm:pl-[20%] sm:pr-[20%]",
  parenthetical: "pl-[18%] pr-[15%] sm:pl-[28%] sm:pr-[28%]",
  transition: "text-right pr-2",
  scene_heading: "font-bold uppercase",
};

function BlockText({ block }: { block: BlockChange }) {
  if (block.state === "changed" && block.words) {
    return (
      <>
        {block.words.map((w, i) =>
          w.change === "added" ? (
            <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/70">
              {w.text}
            </mark>
          ) : w.change === "removed" ? (
            <del key={i} className="mr-1 text-muted-foreground decoration-red-500">
              {w.text}
            </del>
          ) : (
            <span key={i}>{w.text}</span>
          ),
        )}
      </>
    );
  }
  if (block.state === "removed") return <del className="text-muted-foreground decoration-red-500">{block.text}</del>;
  if (block.state === "added")
    return <mark className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/70">{block.text}</mark>;
  return <>{block.text}</>;
}

const isSpeech = (b: BlockChange | undefined) => b?.type === "dialogue" || b?.type === "parenthetical";
/** A character cue goes above the first block of each speech, as on the page. */
const startsSpeech = (b: BlockChange, before: BlockChange | undefined) =>
  isSpeech(b) && !!b.character && !(isSpeech(before) && before?.character === b.character && before?.state !== "removed");

/** One block in revision style: an asterisk in the right margin beside every line that is new or changed. */
function RevisedBlock({ block, showCue }: { block: BlockChange; showCue: boolean }) {
  const revised = block.state !== "unchanged";
  return (
    <div className="grid grid-cols-[1fr_1.5rem] gap-1" data-state={block.state}>
      <div className={cn("min-w-0 break-words", BLOCK_INDENT[block.type])}>
        {showCue && (
          <p className="pl-[10%] text-xs font-semibold uppercase tracking-wide sm:pl-[20%]">
            {block.previousCharacter ? (
              <>
                <del className="text-muted-foreground">{block.previousCharacter}</del>{" "}
                <mark className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/70">{block.character}</mark>
              </>
            ) : (
              block.character
            )}
          </p>
        )}
        <p className={cn(block.type === "parenthetical" && "italic")}>
          <BlockText block={block} />
        </p>
      </div>
      <span
        className="select-none text-right font-bold text-amber-700 dark:text-amber-400"
        aria-label={revised ? `${block.state} line` : undefined}
      >
        {revised ? "*" : ""}
      </span>
    </div>
  );
}

export function SceneChangeRow({ scene }: { scene: SceneChange }) {
  return (
    <li className="py-3" data-state={scene.state}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge className={cn("border-transparent", STATE_STYLE[scene.state])}>
          {STATE_LABEL[scene.state]}
          {scene.state === "changed" && scene.moved ? " · moved" : ""}
        </Badge>
        <span className="text-xs text-muted-foreground">{sceneNumbers(scene)}</span>
        <span className={cn("min-w-0 font-mono text-sm font-semibold break-words", scene.state === "removed" && "line-through")}>
          {scene.heading || "Before the first scene"}
        </span>
      </div>
      {scene.blocks.length > 0 && (
        <div className="mt-3 flex flex-col gap-2 rounded-md border bg-card p-3 font-mono text-sm leading-relaxed">
          {scene.blocks.map((b, i) => (
            <RevisedBlock key={`${b.fromId ?? ""}-${b.toId ?? ""}-${i}`} block={b} showCue={startsSpeech(b, scene.blocks[i - 1])} />
          ))}
        </div>
      )}
    </li>
  );
}
