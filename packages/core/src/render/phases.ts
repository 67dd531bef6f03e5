import { SFNClient, StartExecutionCommand } from "@aws-sdk/client-sfn";
import { config, localClientOptions } from "../config";
import { setRenderDeadline } from "./deadlines";
import type { Phase } from "./workflow";

/** Starts a phase's state machine for a render. Step Functions on AWS; the local runner in `npm start`. */
export interface PhaseStarter {
  start(phase: Phase, input: { renderJobId: string }): Promise<void>;
}

const ARN_ENV: Record<Phase, string> = {
  describe: "DESCRIBE_STATE_MACHINE_ARN",
  generate: "GENERATE_STATE_MACHINE_ARN",
  compile: "COMPILE_STATE_MACHINE_ARN",
};

let sfn: SFNClient | undefined;
const stepFunctionsStarter: PhaseStarter = {
  async start(phase, input) {
    const stateMachineArn = process.env[ARN_ENV[phase]];
    if (!stateMachineArn) throw new Error(`${ARN_ENV[phase]} is not set: the ${phase} state machine is unknown.`);
    sfn ??= new SFNClient(localClientOptions(config.endpoints.stepFunctions));
    await sfn.send(
      new StartExecutionCommand({
        stateMachineArn,
        // Names are unique per state machine for 90 days; the timestamp lets a phase run again after a retry.
        name: `${input.renderJobId}-${phase}-${Date.now()}`.slice(0, 80),
        input: JSON.stringify(input),
      }),
    );
  },
};

let starter: PhaseStarter = stepFunctionsStarter;

/** The local runtime installs its runner here at boot. */
export function setPhaseStarter(next: PhaseStarter) {
  starter = next;
}

/** Starts a phase after recording by when it must end, so a start that is lost still gets swept (render/deadlines.ts). */
export async function startPhase(phase: Phase, renderJobId: string) {
  await setRenderDeadline(renderJobId, phase);
  await starter.start(phase, { renderJobId });
}
