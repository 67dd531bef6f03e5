import { SCHEDULED_JOBS } from "@storyboard/core/jobs/schedules";
import { TASK_HANDLERS } from "@storyboard/functions/task-handlers";
import { HANDLER_MODULES, loadHandler } from "./task-modules";
import { S3_EVENT_HANDLERS } from "./s3-events";

describe("handler modules by literal name", () => {
  it("lists exactly the render tasks' modules, the S3 event handlers and the scheduled jobs", () => {
    const expected = [...Object.values(TASK_HANDLERS), ...S3_EVENT_HANDLERS, ...SCHEDULED_JOBS.map((job) => job.handler)].sort();
    expect(Object.keys(HANDLER_MODULES).sort()).toEqual(expected);
  });

  it("loads the same handler as importing the module by its name", async () => {
    for (const module of Object.keys(HANDLER_MODULES)) {
      const direct = (await import(`@storyboard/functions/${module}`)) as { handler: unknown };
      expect(await loadHandler(module)).toBe(direct.handler);
    }
  });
});
