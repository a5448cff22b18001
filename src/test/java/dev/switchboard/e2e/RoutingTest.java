package dev.switchboard.e2e;

import static dev.switchboard.e2e.GatewayFlows.CHAT;
import static dev.switchboard.e2e.GatewayFlows.assertCode;
import static dev.switchboard.e2e.GatewayHarness.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.mock.MockBehavior;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Aliases with several targets: failover, cooldown, rules and the per-attempt ledger, over real sockets. */
@Timeout(60)
class RoutingTest {

  @TempDir Path dir;
  GatewayHarness h;
  String key;

  @BeforeEach
  void start() {
    h = new GatewayHarness(null, dir, 1 << 20, "a", "b");
    h.chatModel("a", "m-a", new JsonObject().put("timeouts", new JsonObject().put("first_byte_ms", 800)));
    h.chatModel("b", "m-b", null);
    key = h.key("tests");
  }

  @AfterEach
  void stop() {
    h.close();
  }

  private void alias(String name, String rule, Object... extra) {
    JsonObject body = new JsonObject().put("name", name).put("targets", new JsonArray().add("m-a").add("m-b"))
        .put("rule", rule);
    for (int i = 0; i < extra.length; i += 2) {
      body.put((String) extra[i], extra[i + 1]);
    }
    expect(201, h.admin("POST", "/api/admin/aliases", body));
  }

  private HttpResponse<String> call(String model, boolean stream) {
    return h.post("/v1/chat/completions", key, CHAT.formatted(model, stream ? ",\"stream\":true" : ""));
  }

  private static String header(HttpResponse<String> r, String name) {
    return r.headers().firstValue(name).orElse(null);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void failsOverThenSkipsTheCoolingTargetAndTheLedgerCountsRequestsNotAttempts(boolean stream) {
    alias("ha", "failover");
    h.mock("a").setBehavior(MockBehavior.status(503));
    HttpResponse<String> first = expect(200, call("ha", stream));
    assertEquals("2", header(first, "x-switchboard-attempts"));
    assertEquals("m-b", header(first, "x-switchboard-served-model"));
    assertEquals("b", header(first, "x-switchboard-provider"));
    assertEquals("fallback", header(first, "x-switchboard-failover"));
    assertEquals(1, h.mock("a").stats().requests());

    HttpResponse<String> second = expect(200, call("ha", stream));
    assertEquals("1", header(second, "x-switchboard-attempts"), "a is cooling down: not tried first");
    assertEquals("m-b", header(second, "x-switchboard-served-model"));
    assertEquals(1, h.mock("a").stats().requests(), "a's request counter does not move within the cooldown");

    String id = header(first, "x-switchboard-request-id");
    GatewayHarness.eventually(Duration.ofSeconds(2), () -> rowsOf(id).size() == 2, "two attempt rows");
    JsonObject aRow = rowsOf(id).stream().filter(r -> r.getString("served_model").equals("m-a")).findFirst()
        .orElseThrow();
    JsonObject bRow = rowsOf(id).stream().filter(r -> r.getString("served_model").equals("m-b")).findFirst()
        .orElseThrow();
    assertTrue(aRow.getBoolean("failed_over"));
    assertEquals(1, aRow.getInteger("route_attempt"));
    assertEquals("upstream_error", aRow.getString("status"));
    assertEquals(503, aRow.getInteger("http_status"));
    assertFalse(bRow.getBoolean("failed_over"));
    assertEquals(2, bRow.getInteger("route_attempt"));
    GatewayHarness.eventually(Duration.ofSeconds(2), () -> rowsOf(header(second, "x-switchboard-request-id"))
        .size() == 1, "the second request's row");

    JsonArray usage = new JsonObject(expect(200, h.admin("GET", "/api/usage?group_by=model", null)).body())
        .getJsonArray("data");
    long requests = 0;
    long attempts = 0;
    for (Object o : usage) {
      requests += ((JsonObject) o).getLong("requests");
      attempts += ((JsonObject) o).getLong("attempts");
    }
    assertEquals(2, requests, "two calls are two requests, not three");
    assertEquals(3, attempts);
    JsonObject b = usage.stream().map(o -> (JsonObject) o).filter(o -> o.getString("model").equals("m-b"))
        .findFirst().orElseThrow();
    assertEquals(2, b.getLong("via_alias"));
  }

  @Test
  void withoutProbesTheCooledTargetIsTriedHalfOpenAfterItsCooldown() {
    alias("ha", "failover", "cooldown_seconds", 10, "health",
        new JsonObject().put("probe", new JsonObject().put("enabled", false)));
    h.mock("a").setBehavior(MockBehavior.status(503));
    expect(200, call("ha", false));
    h.mock("a").setBehavior(MockBehavior.ok());
    assertEquals("m-b", header(expect(200, call("ha", false)), "x-switchboard-served-model"));
    h.clock.advance(Duration.ofSeconds(12));
    HttpResponse<String> back = expect(200, call("ha", false));
    assertEquals("m-a", header(back, "x-switchboard-served-model"), "half-open: a real request tries it again");
    assertEquals(null, header(back, "x-switchboard-failover"));
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aClientErrorIsReturnedUnchangedAndNeverFailsOver(boolean stream) {
    alias("ha", "failover");
    String body = "{\"error\":{\"message\":\"This model's maximum context length is 8192 tokens.\","
        + "\"type\":\"invalid_request_error\",\"param\":\"messages\",\"code\":\"context_length_exceeded\"}}";
    h.mock("a").setBehavior(MockBehavior.status(400).withBody(body));
    HttpResponse<String> r = call("ha", stream);
    assertEquals(400, r.statusCode());
    assertEquals(body, r.body());
    assertEquals("1", header(r, "x-switchboard-attempts"));
    assertEquals(0, h.mock("b").stats().requests(), "b is never called");
    h.mock("a").setBehavior(MockBehavior.ok());
    assertEquals("m-a", header(expect(200, call("ha", stream)), "x-switchboard-served-model"),
        "a 400 does not cool a down");
  }

  @ParameterizedTest
  @ValueSource(strings = {"429", "529", "401", "hang_after_headers"})
  void moreBadAnswersFailOverInvisibly(String what) {
    alias("ha", "failover");
    MockBehavior b = what.equals("hang_after_headers") ? MockBehavior.of(MockBehavior.Kind.HANG_AFTER_HEADERS)
        : MockBehavior.status(Integer.parseInt(what)).withRetryAfter(what.equals("429") ? 7 : null);
    h.mock("a").setBehavior(b);
    for (boolean stream : new boolean[] {false, true}) {
      h.mock("a").setBehavior(b);
      HttpResponse<String> r = expect(200, h.post("/v1/chat/completions", key,
          CHAT.formatted("ha", stream ? ",\"stream\":true" : "")));
      assertEquals("m-b", header(r, "x-switchboard-served-model"));
      assertEquals(null, header(r, "retry-after"), "a failed attempt's headers never leak");
      assertFalse(r.body().contains("error"), r.body());
      // the first call cooled a down; move past the cooldown (and Retry-After) for the stream round
      h.clock.advance(Duration.ofMinutes(10));
    }
  }

  @Test
  void embeddingsAndCompletionsFailOverThroughTheSameLoop() {
    for (String m : new String[] {"e-a", "e-b"}) {
      expect(201, h.admin("POST", "/api/admin/models", new JsonObject().put("name", m)
          .put("provider", m.substring(2)).put("upstream_model", "text-embedding-3-small").put("kind", "embedding")));
    }
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "emb")
        .put("targets", new JsonArray().add("e-a").add("e-b"))));
    alias("ha", "failover");
    h.mock("a").setBehavior(MockBehavior.status(500));
    HttpResponse<String> e = expect(200, h.post("/v1/embeddings", key, "{\"model\":\"emb\",\"input\":\"x\"}"));
    assertEquals("e-b", header(e, "x-switchboard-served-model"));
    assertEquals("emb", new JsonObject(e.body()).getString("model"));
    HttpResponse<String> c = expect(200, h.post("/v1/completions", key,
        "{\"model\":\"ha\",\"prompt\":\"x\",\"stream\":true}"));
    assertEquals("m-b", header(c, "x-switchboard-served-model"));
    StringBuilder text = new StringBuilder();
    for (String d : GatewayFlows.dataLines(c.body())) {
      if (!d.equals("[DONE]")) {
        text.append(new JsonObject(d).getJsonArray("choices").getJsonObject(0).getString("text"));
      }
    }
    assertEquals("Hello from b", text.toString());
  }

  @Test
  void aTruncatedStreamIsNeverRetriedElsewhere() {
    alias("ha", "failover");
    h.mock("a").setBehavior(MockBehavior.of(MockBehavior.Kind.TRUNCATE).withAfter(2));
    HttpResponse<String> r = expect(200, call("ha", true));
    List<String> data = GatewayFlows.dataLines(r.body());
    long contentChunks = data.stream().filter(d -> d.contains("\"content\":\"") && !d.contains("\"content\":\"\""))
        .count();
    assertEquals(2, contentChunks, r.body());
    assertTrue(r.body().contains("event: error"));
    assertFalse(r.body().contains("[DONE]"));
    assertEquals(0, h.mock("b").stats().requests(), "b is never called after the commit point");
    GatewayHarness.eventually(Duration.ofSeconds(2), () -> rowsOf(header(r, "x-switchboard-request-id")).stream()
        .anyMatch(o -> o.getString("status").equals("truncated")), "a truncated row");
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void everyTargetFailingGivesTheLastFailureOnce(boolean stream) {
    alias("ha", "failover");
    h.mock("a").setBehavior(MockBehavior.status(503));
    h.mock("b").setBehavior(MockBehavior.status(502));
    HttpResponse<String> r = call("ha", stream);
    assertEquals(502, r.statusCode(), "the last attempt's answer, as a direct call would give it");
    assertEquals("2", header(r, "x-switchboard-attempts"));
    assertTrue(new JsonObject(r.body()).containsKey("error"));
    assertEquals(1, h.mock("a").stats().requests());
    assertEquals(1, h.mock("b").stats().requests());
    HttpResponse<String> again = call("ha", stream);
    assertEquals("degraded", header(again, "x-switchboard-failover"), "all cooling down: still tried, in order");
    assertEquals(2, h.mock("a").stats().requests());
  }

  @Test
  void unreachableTargetsEndWithAGatewayErrorInOpenAiShape() {
    expect(201, h.admin("POST", "/api/admin/providers", new JsonObject().put("name", "dead")
        .put("base_url", "http://127.0.0.1:1/v1")));
    expect(201, h.admin("POST", "/api/admin/models", new JsonObject().put("name", "m-dead").put("provider", "dead")
        .put("upstream_model", "x")));
    assertCode(502, "upstream_unreachable", h.post("/v1/chat/completions", key, CHAT.formatted("m-dead", "")));
  }

  @Test
  void retriesStayOnTheSameTargetBeforeMovingOn() {
    alias("ha", "failover", "retries", 1, "max_attempts", 3);
    h.mock("a").setBehavior(MockBehavior.status(503));
    HttpResponse<String> r = expect(200, call("ha", false));
    assertEquals("3", header(r, "x-switchboard-attempts"));
    assertEquals(2, h.mock("a").stats().requests(), "one retry on a");
    assertEquals("m-b", header(r, "x-switchboard-served-model"));
  }

  @Test
  void maxAttemptsCapsTheLoop() {
    alias("ha", "failover", "max_attempts", 1);
    h.mock("a").setBehavior(MockBehavior.status(503));
    HttpResponse<String> r = call("ha", false);
    assertEquals(503, r.statusCode());
    assertEquals(0, h.mock("b").stats().requests());
  }

  @Test
  void roundRobinSpreadsFourRequestsTwoAndTwo() {
    alias("rr", "round_robin");
    for (int i = 0; i < 4; i++) {
      expect(200, call("rr", i % 2 == 0));
    }
    assertEquals(2, h.mock("a").stats().requests());
    assertEquals(2, h.mock("b").stats().requests());
  }

  @Test
  void weightedThreeToOneHoldsOverManyRequests() {
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "w").put("rule", "weighted")
        .put("targets", new JsonArray().add(new JsonObject().put("model", "m-a").put("weight", 3))
            .add(new JsonObject().put("model", "m-b").put("weight", 1)))));
    int n = 400;
    for (int i = 0; i < n; i++) {
      expect(200, call("w", false));
    }
    double share = h.mock("a").stats().requests() / (double) n;
    assertTrue(Math.abs(share - 0.75) < 0.08, "share of the weight-3 target: " + share);
  }

  @Test
  void hiddenTargetsAreNotNamed() {
    alias("secret", "failover", "hide_targets", true);
    HttpResponse<String> r = expect(200, call("secret", false));
    assertEquals(null, header(r, "x-switchboard-provider"));
    assertEquals(null, header(r, "x-switchboard-served-model"));
    assertEquals("1", header(r, "x-switchboard-attempts"));
  }

  @Test
  void planExplainsTheOrderAndTheCooldown() {
    alias("ha", "failover");
    h.mock("a").setBehavior(MockBehavior.status(503));
    expect(200, call("ha", false));
    JsonObject plan = new JsonObject(expect(200, h.admin("GET", "/api/aliases/ha/plan", null)).body());
    JsonArray steps = plan.getJsonArray("steps");
    assertEquals("m-b", steps.getJsonObject(0).getString("model"));
    assertEquals("m-a", steps.getJsonObject(1).getString("model"));
    assertEquals("down", steps.getJsonObject(1).getString("state"));
    assertTrue(steps.getJsonObject(1).getString("reason").contains("cooling down until"),
        steps.getJsonObject(1).getString("reason"));
    assertEquals("http 503", steps.getJsonObject(1).getString("last_error"));
    assertCode(404, "not_found", h.admin("GET", "/api/aliases/nope/plan", null));
  }

  @Test
  void anAliasCardShowsWhatEveryTargetCanDoAndNamesNone() {
    expect(200, h.admin("PATCH", "/api/admin/models/m-a", new JsonObject().put("capabilities", new JsonObject()
        .put("context_window", 128000).put("modalities", new JsonArray().add("text").add("image"))
        .put("features", new JsonArray().add("tools").add("json_mode")))));
    expect(200, h.admin("PATCH", "/api/admin/models/m-b", new JsonObject().put("capabilities", new JsonObject()
        .put("context_window", 32000).put("modalities", new JsonArray().add("text"))
        .put("features", new JsonArray().add("tools")))));
    alias("ha", "failover", "description", "two targets");
    JsonObject card = new JsonObject(expect(200, h.send("GET", "/v1/models/ha", null, "Bearer " + key)).body());
    assertEquals(32000, card.getInteger("context_window"));
    assertEquals(List.of("text"), card.getJsonArray("modalities").getList());
    assertEquals(List.of("tools"), card.getJsonArray("features").getList());
    assertFalse(card.encode().contains("m-a") || card.encode().contains("m-b"), card.encode());
  }

  @Test
  void costIsPricedAtTheModelThatServed() {
    expect(200, h.admin("PATCH", "/api/admin/models/m-b", new JsonObject().put("prices", new JsonObject()
        .put("input_per_million", 1_000_000.0).put("output_per_million", 2_000_000.0))));
    alias("ha", "failover");
    h.mock("a").setBehavior(MockBehavior.status(503));
    expect(200, call("ha", false));
    GatewayHarness.eventually(Duration.ofSeconds(2), () -> usageOf("m-b") != null, "usage of m-b");
    assertEquals(2 * 1.0 + 3 * 2.0, usageOf("m-b").getDouble("cost"), 1e-9);
    assertEquals(null, usageOf("m-a").getValue("cost"), "an unpriced failed attempt has no cost");
  }

  private JsonObject usageOf(String model) {
    JsonArray usage = new JsonObject(expect(200, h.admin("GET", "/api/usage", null)).body()).getJsonArray("data");
    return usage.stream().map(o -> (JsonObject) o).filter(o -> o.getString("model").equals(model)).findFirst()
        .orElse(null);
  }

  private List<JsonObject> rowsOf(String requestId) {
    JsonArray rows = new JsonObject(expect(200, h.admin("GET", "/api/requests?limit=100", null)).body())
        .getJsonArray("data");
    return rows.stream().map(o -> (JsonObject) o).filter(o -> o.getString("request_id").equals(requestId))
        .toList();
  }
}
