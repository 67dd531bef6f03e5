import {
  DEFINITIONS,
  ENDED_UNFINISHED,
  PHASE_TIMEOUT_SECONDS,
  PHASES,
  type Phase,
  TASK,
  tasksOf,
  TASK_TIMEOUT_SECONDS,
  type TaskName,
} from "@storyboard/core/render/workflow";
import { TASK_HANDLERS } from "@storyboard/functions/task-handlers";
import { ArnFormat, Duration } from "aws-cdk-lib";
import * as events from "aws-cdk-lib/aws-events";
import * as targets from "aws-cdk-lib/aws-events-targets";
import * as iam from "aws-cdk-lib/aws-iam";
import * as sfn from "aws-cdk-lib/aws-stepfunctions";
import { Function, type FunctionProps, type StackContext, use } from "sst/constructs";
import { grantStorage, providerEnvironment, sesSendStatement, storageEnvironment } from "./access";
import { Secrets } from "./secrets";
import { settings } from "./settings";
import { Storage } from "./storage";

/** Per-task sizing: media work wants memory and time, bookkeeping does not. */
const TASK_SIZING: Record<TaskName, Pick<FunctionProps, "timeout" | "memorySize" | "diskSize">> = {
  Describe: { timeout: TASK_TIMEOUT_SECONDS.Describe, memorySize: 1024 },
  PlanBlocks: { timeout: TASK_TIMEOUT_SECONDS.PlanBlocks, memorySize: 512 },
  GenerateBlock: { timeout: TASK_TIMEOUT_SECONDS.GenerateBlock, memorySize: 2048, diskSize: 2048 },
  AssetsGenerated: { timeout: TASK_TIMEOUT_SECONDS.AssetsGenerated, memorySize: 512 },
  // The compile phase is split so that no task comes near Lambda's 15 minutes or
  // its memory at 200 pages (docs/decisions.md#scale). A segment is at most 40
  // clips or 5 minutes of video: ffmpeg (x264 uses every vCPU: 3008 MB gives two)
  // and its stills, a few hundred MB of /tmp.
  PlanCompile: { timeout: TASK_TIMEOUT_SECONDS.PlanCompile, memorySize: 1024 },
  CompileSegment: { timeout: TASK_TIMEOUT_SECONDS.CompileSegment, memorySize: 3008, diskSize: 2048 },
  // The narration clips of a whole feature (about 0.5 GB of WAV at 200 pages) and its AAC and MP3.
  CompileAudio: { timeout: TASK_TIMEOUT_SECONDS.CompileAudio, memorySize: 2048, diskSize: 4096 },
  // Every still and narration clip, and the zip of them: about twice the media on /tmp.
  PackageRender: { timeout: TASK_TIMEOUT_SECONDS.PackageRender, memorySize: 2048, diskSize: 10240 },
  // The segments, the narration and the joined video (a stream copy, streamed to and from S3).
  FinishCompile: { timeout: TASK_TIMEOUT_SECONDS.FinishCompile, memorySize: 1024, diskSize: 10240 },
  MarkFailed: { timeout: TASK_TIMEOUT_SECONDS.MarkFailed, memorySize: 512 },
};

/**
 * The render phases (docs/architecture.md#render-phases): three Standard state machines built
 * from core's ASL, and one Lambda per task.
 */
export function Render({ stack, app }: StackContext) {
  const storage = use(Storage);
  const { providerSecrets, parameters } = use(Secrets);
  const { siteUrl, mailFrom } = settings(app);

  // Tasks start the next phase themselves (Describe starts generate, AssetsGenerated starts
  // compile). The machines' ARNs are built from their names: referring to the machines would
  // make machine -> function -> role policy -> machine a CloudFormation cycle.
  const machineName = (phase: Phase) => `${app.stage}-${app.name}-render-${phase}`;
  const machineArn = (phase: Phase) =>
    stack.formatArn({
      service: "states",
      resource: "stateMachine",
      resourceName: machineName(phase),
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
  const phaseEnvironment = {
    DESCRIBE_STATE_MACHINE_ARN: machineArn("describe"),
    GENERATE_STATE_MACHINE_ARN: machineArn("generate"),
    COMPILE_STATE_MACHINE_ARN: machineArn("compile"),
  };
  const startPhases = new iam.PolicyStatement({ actions: ["states:StartExecution"], resources: PHASES.map(machineArn) });

  const environment = {
    STAGE: app.stage,
    APP_URL: siteUrl,
    MAIL_FROM: mailFrom,
    ...storageEnvironment(storage),
    ...phaseEnvironment,
    ...providerEnvironment(),
  };

  const functions = {} as Record<TaskName, Function>;
  for (const task of Object.values(TASK)) {
    const fn = new Function(stack, `${task}Task`, {
      handler: `packages/functions/src/${TASK_HANDLERS[task]}.handler`,
      ...TASK_SIZING[task],
      environment: { ...environment, RENDER_TASK: task },
      bind: [...providerSecrets, parameters.APP_URL, parameters.MAIL_FROM],
      permissions: [sesSendStatement(stack), startPhases],
    });
    grantStorage(fn, storage);
    functions[task] = fn;
  }
  const resolve = (task: TaskName) => functions[task].functionArn;

  const machines = {} as Record<Phase, sfn.StateMachine>;
  for (const phase of PHASES) {
    const definition = DEFINITIONS[phase](resolve);
    const machine = new sfn.StateMachine(stack, `${capitalize(phase)}StateMachine`, {
      stateMachineName: machineName(phase),
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromString(stack.toJsonString(definition)),
      timeout: Duration.seconds(PHASE_TIMEOUT_SECONDS[phase]),
      tracingEnabled: true,
    });
    for (const task of tasksOf(definition)) functions[task].grantInvoke(machine);
    machines[phase] = machine;
  }

  // An execution that ends unfinished (TIMED_OUT and ABORTED never reach MarkFailed) fails and
  // refunds its render (docs/decisions.md#hardening).
  const executionStatus = new Function(stack, "ExecutionStatusHandler", {
    handler: "packages/functions/src/render/execution-status.handler",
    timeout: 60,
    memorySize: 512,
    environment,
    bind: [parameters.APP_URL, parameters.MAIL_FROM],
    permissions: [sesSendStatement(stack)],
  });
  grantStorage(executionStatus, storage);
  new events.Rule(stack, "RenderExecutionEnded", {
    description: "A render phase's execution ended FAILED, TIMED_OUT or ABORTED",
    eventPattern: {
      source: ["aws.states"],
      detailType: ["Step Functions Execution Status Change"],
      detail: { status: [...ENDED_UNFINISHED], stateMachineArn: PHASES.map((phase) => machines[phase].stateMachineArn) },
    },
    targets: [new targets.LambdaFunction(executionStatus, { retryAttempts: 8, maxEventAge: Duration.hours(6) })],
  });

  stack.addOutputs({
    DescribeStateMachineArn: machines.describe.stateMachineArn,
    GenerateStateMachineArn: machines.generate.stateMachineArn,
    CompileStateMachineArn: machines.compile.stateMachineArn,
  });

  return {
    machines,
    functions,
    /** The variables the API reads to start a phase. */
    environment: {
      DESCRIBE_STATE_MACHINE_ARN: machines.describe.stateMachineArn,
      GENERATE_STATE_MACHINE_ARN: machines.generate.stateMachineArn,
      COMPILE_STATE_MACHINE_ARN: machines.compile.stateMachineArn,
    },
  };
}

const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1);
