package dev.switchboard.e2e;

import static dev.switchboard.e2e.GatewayHarness.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The gateway's main flows over real sockets; run once per database by the subclasses. */
@Timeout(60)
abstract class GatewayFlows {

  static final String CHAT = "{\"model\":\"%s\",\"messages\":[{\"role\":\"user\",\"content\":\"hi there\"}]%s}";

  @TempDir Path dir;
  GatewayHarness h;
  String key;

  abstract String databaseUrl();

  @BeforeEach
  void start() {
    h = new GatewayHarness(databaseUrl(), dir, 32L << 20, "a");
    h.chatModel("a", "m-a", null);
    key = h.key("tests");
  }

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void nonStreamChatAnswersWithTheRequestedName() {
    HttpResponse<String> r = expect(200, h.post("/v1/chat/completions", key, CHAT.formatted("m-a", "")));
    JsonObject body = new JsonObject(r.body());
    assertEquals("m-a", body.getString("model"));
    assertEquals("Hello from a", body.getJsonArray("choices").getJsonObject(0).getJsonObject("message")
        .getString("content"));
    assertEquals("1", r.headers().firstValue("x-switchboard-attempts").orElseThrow());
    assertEquals("a", r.headers().firstValue("x-switchboard-provider").orElseThrow());
    assertEquals("m-a", r.headers().firstValue("x-switchboard-served-model").orElseThrow());
    assertTrue(r.headers().firstValue("x-switchboard-request-id").isPresent());
  }

  @Test
  void streamRelaysEveryChunkAndEndsWithDone() {
    HttpResponse<String> r = expect(200, h.post("/v1/chat/completions", key,
        CHAT.formatted("m-a", ",\"stream\":true")));
    List<String> data = dataLines(r.body());
    assertEquals("[DONE]", data.getLast());
    StringBuilder content = new StringBuilder();
    for (String d : data.subList(0, data.size() - 1)) {
      JsonObject chunk = new JsonObject(d);
      assertEquals("m-a", chunk.getString("model"));
      assertFalse(chunk.containsKey("usage") && chunk.getJsonArray("choices").isEmpty(),
          "the usage chunk the gateway asked for is not passed on: " + d);
      JsonArray choices = chunk.getJsonArray("choices");
      String piece = choices.getJsonObject(0).getJsonObject("delta").getString("content");
      content.append(piece == null ? "" : piece);
    }
    assertEquals("Hello from a", content.toString());
  }

  @Test
  void streamPassesTheUsageChunkWhenTheCallerAsksForIt() {
    HttpResponse<String> r = expect(200, h.post("/v1/chat/completions", key,
        CHAT.formatted("m-a", ",\"stream\":true,\"stream_options\":{\"include_usage\":true}")));
    List<String> data = dataLines(r.body());
    JsonObject usage = new JsonObject(data.get(data.size() - 2));
    assertTrue(usage.getJsonArray("choices").isEmpty());
    assertEquals(2, usage.getJsonObject("usage").getInteger("prompt_tokens"));
  }

  @Test
  void embeddingsAndCompletionsWork() {
    expect(201, h.admin("POST", "/api/admin/models", new JsonObject().put("name", "e-a").put("provider", "a")
        .put("upstream_model", "text-embedding-3-small").put("kind", "embedding")));
    HttpResponse<String> r = expect(200, h.post("/v1/embeddings", key,
        "{\"model\":\"e-a\",\"input\":[\"one\",\"two\"]}"));
    JsonObject body = new JsonObject(r.body());
    assertEquals("e-a", body.getString("model"));
    assertEquals(2, body.getJsonArray("data").size());
    HttpResponse<String> c = expect(200, h.post("/v1/completions", key, "{\"model\":\"m-a\",\"prompt\":\"x\"}"));
    assertEquals("m-a", new JsonObject(c.body()).getString("model"));
  }

  @Test
  void modelsListsActiveNamesAndAliases() {
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "fast").put("target", "m-a")));
    JsonObject list = new JsonObject(expect(200, h.send("GET", "/v1/models", null, "Bearer " + key)).body());
    List<String> ids = list.getJsonArray("data").stream().map(o -> ((JsonObject) o).getString("id")).toList();
    assertEquals(List.of("fast", "m-a"), ids);
    JsonObject one = new JsonObject(expect(200, h.send("GET", "/v1/models/fast", null, "Bearer " + key)).body());
    assertEquals("fast", one.getString("id"));
    assertFalse(one.encode().contains("m-a"), "an alias card never names its target");
    expect(404, h.send("GET", "/v1/models/nope", null, "Bearer " + key));
  }

  @Test
  void aliasServesItsTargetAndTheLedgerSaysSo() {
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "fast").put("target", "m-a")));
    HttpResponse<String> r = expect(200, h.post("/v1/chat/completions", key, CHAT.formatted("fast", "")));
    assertEquals("fast", new JsonObject(r.body()).getString("model"));
    String id = r.headers().firstValue("x-switchboard-request-id").orElseThrow();
    JsonObject row = awaitRow(id);
    assertEquals("fast", row.getString("requested_model"));
    assertEquals("m-a", row.getString("served_model"));
    assertEquals("a", row.getString("provider"));
    assertEquals("ok", row.getString("status"));
    assertEquals(200, row.getInteger("http_status"));
    assertEquals(2, row.getLong("input_tokens"));
    assertEquals(3, row.getLong("output_tokens"));
    assertFalse(row.getBoolean("failed_over"));
    assertNull(row.getValue("route_attempt"), "a one-target alias has no route attempt");
  }

  @Test
  void ledgerRowAppearsWithinTwoSecondsAndCsvHasAnAttemptColumn() {
    HttpResponse<String> r = expect(200, h.post("/v1/chat/completions", key,
        CHAT.formatted("m-a", ",\"stream\":true")));
    JsonObject row = awaitRow(r.headers().firstValue("x-switchboard-request-id").orElseThrow());
    assertNull(row.getValue("requested_model"), "a direct call names no alias");
    assertTrue(row.getBoolean("stream"));
    assertEquals(3, row.getLong("output_tokens"), "stream usage comes from the final usage chunk");
    HttpResponse<String> csv = expect(200, h.admin("GET", "/api/requests?limit=5&format=csv", null));
    assertTrue(csv.headers().firstValue("content-type").orElseThrow().startsWith("text/csv"));
    String[] lines = csv.body().split("\r\n");
    assertTrue(lines[0].startsWith("request_id,created_at,requested_model"));
    assertTrue(lines[0].endsWith(",attempt"));
    assertTrue(lines[1].startsWith(row.getString("request_id") + ","));
    assertTrue(lines[1].endsWith(",1"));
  }

  @Test
  void callerCredentialsNeverReachTheUpstream() {
    HttpResponse<String> r = h.send("POST", "/v1/chat/completions", CHAT.formatted("m-a", ""), "Bearer " + key);
    expect(200, r);
    JsonObject last = new JsonObject(expect(200, h.http(h.mockUrl("a").replace("/v1", "/mock/last-request")))
        .body());
    JsonObject headers = last.getJsonObject("headers");
    assertEquals("Bearer provider-secret-a", headers.getString("authorization"));
    assertFalse(headers.encode().contains(key));
    assertEquals("gpt-4o-mini", last.getJsonObject("body").getString("model"), "model rewritten for upstream");
  }

  @Test
  void adminRefusesBadCatalogChangesWithCodesAndAudits() {
    assertCode(409, "already_exists", h.admin("POST", "/api/admin/models", new JsonObject().put("name", "m-a")
        .put("provider", "a").put("upstream_model", "x")));
    assertCode(400, "unknown_target", h.admin("POST", "/api/admin/aliases",
        new JsonObject().put("name", "al").put("target", "nope")));
    assertCode(400, "unknown_field", h.admin("POST", "/api/admin/providers", new JsonObject().put("name", "p")
        .put("base_url", "http://127.0.0.1:1/v1").put("colour", "red")));
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "al").put("target", "m-a")));
    assertCode(409, "already_exists", h.admin("POST", "/api/admin/models", new JsonObject().put("name", "al")
        .put("provider", "a").put("upstream_model", "x")));
    assertCode(400, "model_is_alias", h.admin("GET", "/api/admin/models/al", null));
    HttpResponse<String> inUse = h.admin("DELETE", "/api/admin/models/m-a", null);
    assertCode(409, "model_in_use", inUse);
    assertEquals(List.of("al"), new JsonObject(inUse.body()).getJsonObject("error").getJsonArray("used_by").getList());
    JsonObject model = new JsonObject(expect(200, h.admin("GET", "/api/admin/models/m-a", null)).body());
    assertEquals(List.of("al"), model.getJsonArray("aliases_pointing_here").getList());
    assertCode(409, "provider_in_use", h.admin("DELETE", "/api/admin/providers/a", null));
    expect(204, h.admin("DELETE", "/api/admin/models/m-a?force=true", null));
    JsonObject alias = new JsonObject(expect(200, h.admin("GET", "/api/admin/aliases/al", null)).body());
    assertFalse(alias.getBoolean("available"));
    assertEquals("target_deleted", alias.getString("unavailable_reason"));
    assertCode(503, "alias_unavailable", h.post("/v1/chat/completions", key, CHAT.formatted("al", "")));
    JsonArray audit = new JsonObject(expect(200, h.admin("GET", "/api/admin/audit?limit=50", null)).body())
        .getJsonArray("data");
    List<String> actions = audit.stream().map(o -> ((JsonObject) o).getString("action")).toList();
    assertTrue(actions.containsAll(List.of("provider.create", "model.create", "key.create", "alias.create",
        "model.delete")), actions.toString());
    assertFalse(audit.encode().contains("provider-secret-a"), "credentials never appear in the audit trail");
  }

  JsonObject awaitRow(String requestId) {
    JsonObject[] found = new JsonObject[1];
    GatewayHarness.eventually(Duration.ofSeconds(2), () -> {
      JsonArray rows = new JsonObject(expect(200, h.admin("GET", "/api/requests?limit=50", null)).body())
          .getJsonArray("data");
      for (Object o : rows) {
        if (((JsonObject) o).getString("request_id").equals(requestId)) {
          found[0] = (JsonObject) o;
          return true;
        }
      }
      return false;
    }, "ledger row of " + requestId);
    return found[0];
  }

  static void assertCode(int status, String code, HttpResponse<String> r) {
    assertEquals(status, r.statusCode(), r.body());
    assertEquals(code, new JsonObject(r.body()).getJsonObject("error").getString("code"), r.body());
  }

  static List<String> dataLines(String sse) {
    return Arrays.stream(sse.split("\n")).filter(l -> l.startsWith("data: ")).map(l -> l.substring(6)).toList();
  }
}
