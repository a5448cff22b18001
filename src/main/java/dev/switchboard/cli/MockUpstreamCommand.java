package dev.switchboard.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** The `mock-upstream` command. */
@Command(name = "mock-upstream", mixinStandardHelpOptions = true)
public final class MockUpstreamCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    return 1;
  }
}
