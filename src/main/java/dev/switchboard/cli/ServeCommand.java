package dev.switchboard.cli;

import dev.switchboard.config.CatalogFile;
import dev.switchboard.config.ConfigException;
import dev.switchboard.config.Settings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The {@code serve} command: runs the gateway until SIGTERM or Ctrl-C, then stops it gracefully. */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Run the gateway.")
public final class ServeCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--config", description = "Catalog file (YAML) applied at start.")
  Path config;

  @Option(names = "--host", description = "Address to bind (default 127.0.0.1).")
  String host;

  @Option(names = "--port", description = "Port to listen on (default 4000; 0 picks a free one).")
  Integer port;

  @Option(names = "--database-url", description = "jdbc:sqlite:FILE (default ./data/switchboard.db) or "
      + "jdbc:postgresql://…")
  String databaseUrl;

  @Option(names = "--data-dir", description = "Folder for the SQLite database and the secret key (default ./data).")
  Path dataDir;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Settings settings;
    CatalogFile file;
    try {
      file = config == null ? null : CatalogFile.read(config, System::getenv);
      settings = settings(file);
    } catch (ConfigException e) {
      err.println("serve: " + e.getMessage());
      err.flush();
      return 2;
    }
    Gateway gateway;
    try {
      gateway = Gateway.start(settings, file);
    } catch (ConfigException e) {
      err.println("serve: " + e.getMessage());
      err.flush();
      return 2;
    }
    out.println("switchboard listening on http://" + settings.host() + ":" + gateway.port());
    if (gateway.generatedAdminToken() != null) {
      out.println("admin token (shown once, stored hashed): " + gateway.generatedAdminToken());
    }
    out.flush();
    awaitShutdown(gateway);
    return 0;
  }

  private Settings settings(CatalogFile file) {
    Settings s = Settings.defaults();
    if (file != null) {
      s = file.host() == null ? s : s.withHost(file.host());
      s = file.port() == 0 ? s : s.withPort(file.port());
      s = file.databaseUrl() == null ? s : s.withDatabaseUrl(file.databaseUrl());
    }
    s = s.withEnvironment(System.getenv());
    s = dataDir == null ? s : s.withDataDir(dataDir);
    s = host == null ? s : s.withHost(host);
    s = port == null ? s : s.withPort(port);
    return databaseUrl == null ? s : s.withDatabaseUrl(databaseUrl);
  }

  /** Blocks until the JVM is asked to stop; the hook closes the gateway (drain, flush the ledger). */
  static void awaitShutdown(AutoCloseable... resources) throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("switchboard-shutdown").unstarted(() -> {
      for (AutoCloseable r : resources) {
        try {
          r.close();
        } catch (Exception e) {
          org.slf4j.LoggerFactory.getLogger(ServeCommand.class).warn("close failed: {}", e.toString());
        }
      }
      stopped.countDown();
    }));
    stopped.await();
  }
}
