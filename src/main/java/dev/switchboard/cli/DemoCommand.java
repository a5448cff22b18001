package dev.switchboard.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** The `demo` command. */
@Command(name = "demo", mixinStandardHelpOptions = true)
public final class DemoCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    return 1;
  }
}
