package dev.switchboard.cli;

import dev.switchboard.config.CatalogFile;
import dev.switchboard.config.Settings;
import dev.switchboard.mock.MockOptions;
import dev.switchboard.mock.MockUpstream;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The {@code demo} command: two mock upstreams and a gateway on 127.0.0.1 with a ready catalog, and the
 * {@code curl} lines to try it. Needs no network; its data lives in a fresh temporary folder.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Run a gateway with two mock upstreams and a ready catalog (no network needed).")
public final class DemoCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--port", description = "Gateway port (default 4000; 0 picks a free one).")
  int port = 4000;

  @Override
  public Integer call() throws IOException, InterruptedException {
    Vertx mocks = Vertx.vertx();
    MockUpstream alpha = startMock(mocks, "alpha");
    MockUpstream beta = startMock(mocks, "beta");
    String key = dev.switchboard.access.ApiKeys.generate();
    String adminToken = "sb-admin-" + dev.switchboard.access.ApiKeys.generate().substring(6);
    Path data = Files.createTempDirectory("switchboard-demo-");
    Settings settings = Settings.defaults().withDataDir(data).withPort(port).withAdminToken(adminToken);
    Gateway gateway;
    try {
      gateway = Gateway.start(settings, catalog(alpha.port(), beta.port(), key));
    } catch (RuntimeException e) {
      mocks.close();
      spec.commandLine().getErr().println("demo: cannot start the gateway: " + e.getMessage()
          + (port != 0 ? " (try --port 0)" : ""));
      return 1;
    }
    print(spec.commandLine().getOut(), gateway.port(), alpha.port(), beta.port(), key, adminToken);
    ServeCommand.awaitShutdown(gateway, () -> mocks.close().await(10, TimeUnit.SECONDS), () -> delete(data));
    return 0;
  }

  /** The demo's data is throwaway: its folder goes when the demo stops. */
  private static void delete(Path dir) throws IOException {
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static MockUpstream startMock(Vertx vertx, String name) {
    try {
      return MockUpstream.start(vertx, MockOptions.defaults().withName(name)).await(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("cannot start mock upstream " + name, e);
    }
  }

  private static CatalogFile catalog(int alphaPort, int betaPort, String key) {
    JsonObject alpha = new JsonObject().put("name", "alpha").put("kind", "openai")
        .put("base_url", "http://127.0.0.1:" + alphaPort + "/v1").put("api_key", "demo-alpha-key");
    JsonObject beta = new JsonObject().put("name", "beta").put("kind", "openai")
        .put("base_url", "http://127.0.0.1:" + betaPort + "/v1");
    List<JsonObject> models = List.of(
        new JsonObject().put("name", "alpha-mini").put("provider", "alpha").put("upstream_model", "gpt-4o-mini"),
        new JsonObject().put("name", "beta-mini").put("provider", "beta").put("upstream_model", "gpt-4o-mini"),
        new JsonObject().put("name", "alpha-embed").put("provider", "alpha")
            .put("upstream_model", "text-embedding-3-small").put("kind", "embedding"));
    JsonObject fast = new JsonObject().put("name", "fast").put("targets", new JsonArray().add("alpha-mini")
        .add("beta-mini")).put("description", "alpha first, beta when alpha fails");
    return new CatalogFile(null, 0, null, List.of(alpha, beta), models, List.of(fast),
        List.of(new JsonObject().put("name", "demo").put("key", key)), null);
  }

  private static void print(PrintWriter out, int port, int alphaPort, int betaPort, String key, String admin) {
    String base = "http://127.0.0.1:" + port;
    out.println("Switchboard demo — gateway on " + base + ", mock upstreams alpha :" + alphaPort
        + " and beta :" + betaPort);
    out.println("Models: alpha-mini, beta-mini (chat), alpha-embed (embeddings); alias: fast -> alpha-mini, "
        + "beta-mini");
    out.println("API key:     " + key);
    out.println("Admin token: " + admin);
    out.println();
    out.println("# chat");
    out.println("curl -s " + base + "/v1/chat/completions -H 'Authorization: Bearer " + key + "' "
        + "-H 'Content-Type: application/json' -d '{\"model\":\"fast\",\"messages\":[{\"role\":\"user\","
        + "\"content\":\"hi\"}]}'");
    out.println("# stream");
    out.println("curl -sN " + base + "/v1/chat/completions -H 'Authorization: Bearer " + key + "' "
        + "-H 'Content-Type: application/json' -d '{\"model\":\"fast\",\"stream\":true,\"messages\":"
        + "[{\"role\":\"user\",\"content\":\"hi\"}]}'");
    out.println("# embeddings");
    out.println("curl -s " + base + "/v1/embeddings -H 'Authorization: Bearer " + key + "' "
        + "-H 'Content-Type: application/json' -d '{\"model\":\"alpha-embed\",\"input\":\"hello\"}'");
    out.println("# models");
    out.println("curl -s " + base + "/v1/models -H 'Authorization: Bearer " + key + "'");
    out.println("# make alpha fail, then watch 'fast' fail over to beta");
    out.println("curl -s -X PUT http://127.0.0.1:" + alphaPort + "/mock/behavior -d '{\"behavior\":\"status\","
        + "\"status\":503}'");
    out.println("# the ledger: one row per upstream attempt");
    out.println("curl -s '" + base + "/api/requests?limit=10' -H 'Authorization: Bearer " + admin + "'");
    out.println();
    out.println("Ctrl-C stops everything.");
    out.flush();
  }
}
