package dev.switchboard.e2e;

import static dev.switchboard.e2e.GatewayFlows.CHAT;
import static dev.switchboard.e2e.GatewayFlows.assertCode;
import static dev.switchboard.e2e.GatewayHarness.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.mock.MockBehavior;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Target health end to end: probes, fail-back with dwell, pins, the state API and its event stream. */
@Timeout(90)
class HealthTest {

  @TempDir Path dir;
  GatewayHarness h;
  String key;

  @BeforeEach
  void start() {
    h = new GatewayHarness(null, dir, 1 << 20, "a", "b");
    h.chatModel("a", "m-a", null);
    h.chatModel("b", "m-b", null);
    key = h.key("tests");
  }

  @AfterEach
  void stop() {
    h.close();
  }

  private void alias(String name, JsonObject health) {
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", name)
        .put("targets", new JsonArray().add("m-a").add("m-b")).put("health", health)));
  }

  private HttpResponse<String> call(String alias) {
    return expect(200, h.post("/v1/chat/completions", key, CHAT.formatted(alias, "")));
  }

  private static String served(HttpResponse<String> r) {
    return r.headers().firstValue("x-switchboard-served-model").orElse(null);
  }

  private void probe() {
    try {
      h.gateway.probeNow().await(10, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("probes did not answer within 10 s", e);
    }
  }

  private JsonObject state(String alias) {
    return new JsonObject(expect(200, h.admin("GET", "/api/failover/" + alias, null)).body());
  }

  /** Opens the event stream and collects its data lines with their event names. */
  private List<String> events() {
    List<String> lines = new CopyOnWriteArrayList<>();
    HttpRequest req = HttpRequest.newBuilder(URI.create(h.base() + "/api/failover/events"))
        .header("Authorization", "Bearer " + GatewayHarness.ADMIN).build();
    h.http.sendAsync(req, HttpResponse.BodyHandlers.ofLines())
        .thenAccept(r -> r.body().forEach(l -> {
          if (!l.isEmpty()) {
            lines.add(l);
          }
        }));
    GatewayHarness.eventually(Duration.ofSeconds(5), () -> lines.stream().anyMatch(l -> l.equals("event: snapshot")),
        "the snapshot");
    return lines;
  }

  @Test
  void aFreshServerListsItsAliasesHealthy() {
    alias("one", null);
    alias("two", null);
    JsonArray all = new JsonObject(expect(200, h.admin("GET", "/api/failover", null)).body()).getJsonArray("data");
    assertEquals(2, all.size());
    for (Object o : all) {
      assertEquals("healthy", ((JsonObject) o).getString("state"));
      assertEquals("up", ((JsonObject) o).getJsonArray("targets").getJsonObject(0).getString("state"));
    }
  }

  @Test
  void trafficMovesAwayAndComesBackOnlyAfterProbesAndDwell() {
    alias("ha", new JsonObject().put("probe", new JsonObject().put("interval", "15s"))
        .put("recovery", new JsonObject().put("probes", 3).put("min_dwell", "120s")));
    List<String> events = events();
    h.mock("a").setBehavior(MockBehavior.status(503));

    HttpResponse<String> first = call("ha");
    assertEquals("m-b", served(first));
    assertEquals("2", first.headers().firstValue("x-switchboard-attempts").orElseThrow());
    assertEquals("fallback", state("ha").getString("state"));
    h.mock("a").setBehavior(MockBehavior.ok());

    // three passed probes, each one interval apart, once the cooldown is over
    for (int i = 0; i < 3; i++) {
      h.clock.advance(Duration.ofSeconds(i == 0 ? 36 : 18));
      probe();
      HttpResponse<String> r = call("ha");
      assertEquals("m-b", served(r), "probe " + (i + 1) + ": still on b");
      assertEquals("1", r.headers().firstValue("x-switchboard-attempts").orElseThrow(), "no request pays twice");
    }
    assertEquals("recovering", state("ha").getJsonArray("targets").getJsonObject(0).getString("state"));
    assertEquals(4, h.mock("a").stats().requests(), "one failed request and three probes reached a");

    assertEquals("m-b", served(call("ha")), "b has not served for min_dwell yet");
    h.clock.advance(Duration.ofSeconds(60));
    HttpResponse<String> back = call("ha");
    assertEquals("m-a", served(back), "recovered and dwell over: traffic returns to a");
    assertEquals("healthy", state("ha").getString("state"));
    assertEquals("up", state("ha").getJsonArray("targets").getJsonObject(0).getString("state"));

    GatewayHarness.eventually(Duration.ofSeconds(5), () -> events.stream().filter(l -> l.equals("event: alias.switched"))
        .count() == 2, "two alias.switched events: " + events);
    List<JsonObject> switched = events.stream().filter(l -> l.startsWith("data: ") && l.contains("\"cause\""))
        .map(l -> new JsonObject(l.substring(6))).toList();
    assertEquals("m-a", switched.get(0).getString("from"));
    assertEquals("m-b", switched.get(0).getString("to"));
    assertEquals("failover", switched.get(0).getString("cause"));
    assertTrue(switched.get(0).getString("reason").contains("http 503"), switched.get(0).encode());
    assertEquals("fallback", switched.get(0).getString("state"));
    assertEquals("m-b", switched.get(1).getString("from"));
    assertEquals("m-a", switched.get(1).getString("to"));
    assertEquals("failback", switched.get(1).getString("cause"));
    assertTrue(events.stream().anyMatch(l -> l.equals("event: target.state")));

    int expected = 1 + 1 + 3 + 1 + 1; // one row per attempt of the calls made; probes are never usage
    GatewayHarness.eventually(Duration.ofSeconds(3), () -> rows().size() >= expected, "the ledger rows");
    assertEquals(expected, rows().size(), "probes are never usage");
  }

  private JsonArray rows() {
    return new JsonObject(expect(200, h.admin("GET", "/api/requests?limit=100", null)).body()).getJsonArray("data");
  }

  @Test
  void aFlappingTargetDoesNotPullTrafficBack() {
    alias("ha", new JsonObject().put("recovery", new JsonObject().put("probes", 2).put("min_dwell", "1s")));
    h.mock("a").setBehavior(MockBehavior.status(503));
    assertEquals("m-b", served(call("ha")));
    for (int i = 0; i < 6; i++) {
      h.mock("a").setBehavior(i % 2 == 0 ? MockBehavior.ok() : MockBehavior.status(503));
      h.clock.advance(Duration.ofMinutes(6)); // past any cooldown, doubled or not
      probe();
      assertEquals("m-b", served(call("ha")), "after probe " + (i + 1));
    }
    assertEquals("down", state("ha").getJsonArray("targets").getJsonObject(0).getString("state"));
  }

  @Test
  void aPinOverridesTheRuleAndSurvivesARestart() {
    alias("ha", null);
    assertEquals("m-a", served(call("ha")));
    JsonObject pinned = new JsonObject(expect(200, h.admin("POST", "/api/failover/ha/pin",
        new JsonObject().put("target", "m-b"))).body());
    assertEquals("m-b", pinned.getString("pin"));
    for (int i = 0; i < 5; i++) {
      assertEquals("m-b", served(call("ha")));
    }
    h.restart();
    assertEquals("m-b", state("ha").getString("pin"));
    assertEquals("m-b", served(call("ha")), "the pin survives a restart");
    assertCode(400, "unknown_target", h.admin("POST", "/api/failover/ha/pin", new JsonObject().put("target", "x")));
    expect(200, h.admin("DELETE", "/api/failover/ha/pin", null));
    assertEquals("m-a", served(call("ha")), "unpinned: back to the rule");
    JsonArray audit = new JsonObject(expect(200, h.admin("GET", "/api/admin/audit?limit=10", null)).body())
        .getJsonArray("data");
    List<String> actions = audit.stream().map(o -> ((JsonObject) o).getString("action")).toList();
    assertTrue(actions.contains("alias.pin") && actions.contains("alias.unpin"), actions.toString());
  }

  @Test
  void healthSettingsAreCheckedAndShown() {
    assertCode(400, "invalid_value", h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "x")
        .put("targets", new JsonArray().add("m-a").add("m-b"))
        .put("health", new JsonObject().put("cooldown", "30"))));
    assertCode(400, "unknown_field", h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "x")
        .put("targets", new JsonArray().add("m-a").add("m-b"))
        .put("health", new JsonObject().put("probe", new JsonObject().put("every", "5s")))));
    alias("ha", new JsonObject().put("trip", new JsonObject().put("errors", 2).put("window", "10s"))
        .put("cooldown", "500ms").put("probe", new JsonObject().put("enabled", false)));
    JsonObject health = new JsonObject(expect(200, h.admin("GET", "/api/admin/aliases/ha", null)).body())
        .getJsonObject("health");
    assertEquals("500ms", health.getString("cooldown"));
    assertEquals(2, health.getJsonObject("trip").getInteger("errors"));
    assertEquals("10s", health.getJsonObject("trip").getString("window"));
    h.mock("a").setBehavior(MockBehavior.status(503));
    call("ha");
    assertEquals("up", state("ha").getJsonArray("targets").getJsonObject(0).getString("state"),
        "two errors trip it, one does not");
    call("ha");
    assertEquals("down", state("ha").getJsonArray("targets").getJsonObject(0).getString("state"));
  }

  @Test
  void metricsTellWhatHappened() {
    alias("ha", null);
    h.mock("a").setBehavior(MockBehavior.status(503));
    call("ha");
    call("ha");
    h.post("/v1/chat/completions", key, "{");
    String text = h.http(h.base() + "/metrics").body();
    assertTrue(text.contains("switchboard_failover_total{alias=\"ha\",model=\"m-a\",provider=\"a\","
        + "reason=\"upstream_error\"} 1.0"), text);
    assertTrue(text.contains("switchboard_alias_switches_total{alias=\"ha\",from=\"m-a\",reason=\"failover\","
        + "to=\"m-b\"} 1.0"), text);
    assertTrue(text.contains("switchboard_target_up{alias=\"ha\",target=\"m-a\"} 0.0"), text);
    assertTrue(text.contains("switchboard_target_up{alias=\"ha\",target=\"m-b\"} 1.0"), text);
    assertTrue(text.contains("switchboard_request_duration_seconds_count{endpoint=\"chat\",model=\"m-b\","
        + "status=\"200\"} 2"), text);
    assertTrue(text.contains("switchboard_request_duration_seconds_count{endpoint=\"chat\",model=\"none\","
        + "status=\"400\"} 1"), text);
    assertTrue(text.contains("switchboard_time_to_first_byte_seconds_bucket{endpoint=\"chat\",model=\"m-b\""),
        text);
    assertTrue(text.contains("switchboard_requests_in_flight{endpoint=\"chat\"} 0.0"), text);
  }
}
