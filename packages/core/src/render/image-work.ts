import { InvokeCommand, LambdaClient } from "@aws-sdk/client-lambda";
import { config } from "../config";

/**
 * Starts the background work of an on-demand frame (docs/decisions.md#on-demand-frames):
 * an asynchronous invocation of its Lambda on AWS; the local runtime installs an in-process runner.
 */
/** Which frame to draw: the render and the request (the charge id). */
export interface ImageWorkInput {
  renderJobId: string;
  requestId: string;
}

export interface ImageWorkStarter {
  start(input: ImageWorkInput): Promise<void>;
}

/** The variable naming the work's function (stacks/render.ts sets it for the API). */
export const IMAGE_WORK_ENV = "IMAGE_WORK_FUNCTION_NAME";

let lambda: LambdaClient | undefined;
const lambdaStarter: ImageWorkStarter = {
  async start(input) {
    const functionName = process.env[IMAGE_WORK_ENV];
    if (!functionName) throw new Error("IMAGE_WORK_FUNCTION_NAME is not set: the on-demand image function is unknown.");
    lambda ??= new LambdaClient({ region: config.region });
    // "Event": Lambda queues the work and answers at once; the request does not wait for the frame.
    await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: "Event", Payload: JSON.stringify(input) }));
  },
};

let starter: ImageWorkStarter = lambdaStarter;

/** The local runtime installs its runner here at boot. */
export function setImageWorkStarter(next: ImageWorkStarter) {
  starter = next;
}

export const startImageWork = (input: ImageWorkInput) => starter.start(input);
