package dev.switchboard.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** The `serve` command. */
@Command(name = "serve", mixinStandardHelpOptions = true)
public final class ServeCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    return 1;
  }
}
