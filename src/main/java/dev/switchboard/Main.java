package dev.switchboard;

import dev.switchboard.cli.DemoCommand;
import dev.switchboard.cli.MockUpstreamCommand;
import dev.switchboard.cli.ServeCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The process entry point: parses the command line and hands over to one command. */
@Command(
    name = "switchboard",
    mixinStandardHelpOptions = true,
    version = "switchboard 0.1.0",
    description = "An LLM gateway: aliases, failover, an exact per-attempt ledger.",
    subcommands = {ServeCommand.class, MockUpstreamCommand.class, DemoCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    int code = new CommandLine(new Main()).execute(args);
    if (code != 0) {
      System.exit(code);
    }
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
