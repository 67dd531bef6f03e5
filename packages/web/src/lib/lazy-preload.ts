import { lazy, type ComponentType } from "react";

export type PreloadableComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy for a named export, with `preload()`: once preloaded it renders
 * without suspending (its thenable resolves synchronously), so a prerendered
 * page hydrates in one pass instead of leaving its screen for later, when
 * data that arrived meanwhile would no longer match the server's HTML
 * (docs/decisions.md#web-performance).
 */
export function lazyWithPreload<M, K extends keyof M>(load: () => Promise<M>, name: K): PreloadableComponent {
  let loaded: M | undefined;
  const preload = () => load().then((module) => (loaded = module));
  const Component = lazy(() => {
    if (!loaded) return preload().then((module) => ({ default: module[name] as ComponentType }));
    const ready = { default: loaded[name] as ComponentType };
    // A thenable that calls back at once: React marks the lazy resolved before it would suspend.
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
  });
  return Object.assign(Component, { preload });
}

export function isPreloadable(type: unknown): type is PreloadableComponent {
  return typeof type === "object" && type !== null && typeof (type as { preload?: unknown }).preload === "function";
}
