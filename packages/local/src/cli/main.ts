/**
 * `storyboard <command> [args]`. Each command is a module exporting
 * `run(args): Promise<number>` (the exit code); add new ones to COMMANDS.
 */
import type { Command } from "@storyboard/core/cli/command";

const COMMANDS: Record<string, () => Promise<{ command: Command }>> = {
  parse: () => import("@storyboard/core/cli/parse"),
  doctor: () => import("./doctor"),
  render: () => import("./render"),
  tutorial: () => import("./tutorial"),
  job: () => import("./job"),
  grant: async () => (await import("./roles")).grant,
  revoke: async () => (await import("./roles")).revoke,
};

function usage(): string {
  return ["Usage: storyboard <command> [options]", "", "Commands:", ...Object.keys(COMMANDS).map((name) => `  ${name}`)].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === "--help" || name === "-h") {
    console.log(usage());
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  const { command } = await load();
  return command.run(args);
}

process.exitCode = await main(process.argv.slice(2));
