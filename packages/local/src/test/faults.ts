/** Fault injection for pipeline tests: seeded coins and providers that fail or hang on purpose. */

/** A seeded coin, so a "30 % of calls fail" run is the same every time. */
export function coin(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Wraps one method of a provider: a `failureRate` share of calls throws, a
 * `hangRate` share answers only after `hangMs` (past the task's time limit).
 */
export function flaky<T extends object>(inner: T, method: keyof T, failureRate: number, seed: number, hang = { rate: 0, ms: 0 }): T {
  const flip = coin(seed);
  return new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== method || typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const roll = flip();
        if (roll < failureRate) throw new Error("provider hiccup (injected)");
        if (roll < failureRate + hang.rate) await new Promise((resolve) => setTimeout(resolve, hang.ms));
        return value.apply(target, args);
      };
    },
  });
}
