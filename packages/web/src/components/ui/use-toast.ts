/**
 * A small toast store in the shadcn/ui way: `toast({ title, description })`
 * from anywhere, one <Toaster> renders them. docs/product.md#constants: at most 1 visible, so a
 * new toast replaces the one on screen.
 */
import { useEffect, useState, type ReactNode } from "react";

export const TOAST_LIMIT = 1;
/** How long a dismissed toast stays mounted for its closing animation. */
const TOAST_REMOVE_DELAY_MS = 1000;

export type ToastVariant = "default" | "destructive" | "success";

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ReactNode;
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type State = { toasts: ToastItem[] };

let count = 0;
let memory: State = { toasts: [] };
const listeners = new Set<(state: State) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setState(next: State) {
  memory = next;
  for (const listener of listeners) listener(memory);
}

function scheduleRemove(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: memory.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const t of memory.toasts) if (!id || t.id === id) scheduleRemove(t.id);
  setState({ toasts: memory.toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)) });
}

export function toast(input: ToastInput) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  setState({ toasts: [{ ...input, id, open: true }, ...memory.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss: () => dismissToast(id) };
}

/** Test helper: forget every toast. */
export function resetToasts() {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  setState({ toasts: [] });
}

export function useToast() {
  const [state, setLocal] = useState<State>(memory);
  useEffect(() => {
    listeners.add(setLocal);
    setLocal(memory);
    return () => {
      listeners.delete(setLocal);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
