/** A `storyboard` subcommand: `run(args)` resolves to the exit code. */
export interface Command {
  summary: string;
  run(args: string[]): Promise<number>;
}
