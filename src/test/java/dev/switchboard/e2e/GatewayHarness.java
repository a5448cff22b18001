package dev.switchboard.e2e;

import dev.switchboard.cli.Gateway;
import dev.switchboard.config.Settings;
import dev.switchboard.health.MutableClock;
import dev.switchboard.mock.MockOptions;
import dev.switchboard.mock.MockUpstream;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** A real gateway on a random port with named mock upstreams, driven over real sockets. */
final class GatewayHarness implements AutoCloseable {

  static final String ADMIN = "test-admin-token-0123456789";

  final Vertx vertx = Vertx.vertx();
  final Map<String, MockUpstream> mocks = new LinkedHashMap<>();
  final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  Gateway gateway;
  private final Settings settings;

  final MutableClock clock = new MutableClock(java.time.Instant.parse("2026-12-01T00:00:00Z"));

  GatewayHarness(String databaseUrl, Path dataDir, long bodyLimit, String... mockNames) {
    for (String name : mockNames) {
      mocks.put(name, MockUpstream.start(vertx, MockOptions.defaults().withName(name)).await());
    }
    Settings settings = Settings.defaults().withDataDir(dataDir).withPort(0).withAdminToken(ADMIN)
        .withBodyLimit(bodyLimit).withProbeTick(java.time.Duration.ZERO);
    this.settings = databaseUrl == null ? settings : settings.withDatabaseUrl(databaseUrl);
    gateway = Gateway.start(this.settings, null, clock);
  }

  /** Stops the gateway and starts it again on the same data (the mocks keep running). */
  void restart() {
    gateway.close();
    gateway = Gateway.start(settings.withPort(0), null, clock);
  }

  MockUpstream mock(String name) {
    return mocks.get(name);
  }

  String base() {
    return "http://127.0.0.1:" + gateway.port();
  }

  String mockUrl(String name) {
    return "http://127.0.0.1:" + mock(name).port() + "/v1";
  }

  HttpResponse<String> admin(String method, String path, JsonObject body) {
    return send(method, path, body == null ? null : body.encode(), "Bearer " + ADMIN);
  }

  /** Creates a provider pointing at a mock, a chat model on it and returns the model's name. */
  String chatModel(String mockName, String modelName, JsonObject providerExtra) {
    JsonObject p = new JsonObject().put("name", mockName).put("kind", "openai").put("base_url", mockUrl(mockName))
        .put("api_key", "provider-secret-" + mockName);
    if (providerExtra != null) {
      p.mergeIn(providerExtra);
    }
    expect(201, admin("POST", "/api/admin/providers", p));
    expect(201, admin("POST", "/api/admin/models", new JsonObject().put("name", modelName)
        .put("provider", mockName).put("upstream_model", "gpt-4o-mini")));
    return modelName;
  }

  String key(String name) {
    HttpResponse<String> r = admin("POST", "/api/admin/keys", new JsonObject().put("name", name));
    expect(201, r);
    return new JsonObject(r.body()).getString("key");
  }

  HttpResponse<String> post(String path, String key, String body) {
    return send("POST", path, body, key == null ? null : "Bearer " + key);
  }

  HttpResponse<String> send(String method, String path, String body, String authorization) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base() + path)).timeout(Duration.ofSeconds(20))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    try {
      return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(method + " " + path + " failed: " + e, e);
    }
  }

  /** A plain GET to any local URL (the mocks' control endpoints). */
  HttpResponse<String> http(String url) {
    try {
      return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException("GET " + url + " failed: " + e, e);
    }
  }

  static HttpResponse<String> expect(int status, HttpResponse<String> r) {
    if (r.statusCode() != status) {
      throw new AssertionError("expected " + status + " but got " + r.statusCode() + ": " + r.body());
    }
    return r;
  }

  /** Waits up to {@code timeout} for a condition, checking on a short period (bounded; no fixed sleeps). */
  static void eventually(Duration timeout, BooleanSupplier condition, String what) {
    long end = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < end) {
      if (condition.getAsBoolean()) {
        return;
      }
      java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
    }
    throw new AssertionError("timed out waiting for " + what);
  }

  @Override
  public void close() {
    http.shutdownNow();
    gateway.close();
    for (MockUpstream m : mocks.values()) {
      m.close().await();
    }
    vertx.close().await();
  }
}
