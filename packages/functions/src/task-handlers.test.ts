import { existsSync } from "node:fs";
import { TASK } from "@storyboard/core/render/workflow";
import { describe, expect, it } from "vitest";
import { TASK_HANDLERS } from "./task-handlers";

describe("render task handlers", () => {
  it("names an existing handler module for every task of the state machines", () => {
    expect(Object.keys(TASK_HANDLERS).sort()).toEqual(Object.values(TASK).sort());
    for (const module of Object.values(TASK_HANDLERS)) {
      expect(module).toMatch(/^render\/[a-z-]+$/);
      expect(existsSync(new URL(`./${module}.ts`, import.meta.url)), module).toBe(true);
    }
  });
});
