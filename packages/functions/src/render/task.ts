import { withActor } from "@storyboard/core/actor";
import { logger } from "@storyboard/core/logger";
import { loadSecrets } from "@storyboard/core/secrets";

/**
 * Wraps a render task: Step Functions (or the local runner) calls it with the
 * state's input; it runs as the system and logs with the render id.
 */
export function task<I extends { renderJobId: string }, O>(name: string, run: (input: I) => Promise<O>) {
  return async (input: I): Promise<O> => {
    logger.appendKeys({ renderJobId: input.renderJobId, task: name });
    try {
      await loadSecrets();
      return await withActor({ type: "system", reason: `render task ${name}` }, () => run(input));
    } finally {
      logger.removeKeys(["renderJobId", "task"]);
    }
  };
}
