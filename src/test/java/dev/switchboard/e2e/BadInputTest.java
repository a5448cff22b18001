package dev.switchboard.e2e;

import static dev.switchboard.e2e.GatewayFlows.assertCode;
import static dev.switchboard.e2e.GatewayHarness.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every malformed request gets a precise OpenAI-shaped 4xx, never reaches an upstream and leaves no trace. */
@Timeout(60)
class BadInputTest {

  private static final long LIMIT = 4096;

  @TempDir Path dir;
  GatewayHarness h;
  String key;

  @BeforeEach
  void start() {
    h = new GatewayHarness(null, dir, LIMIT, "a");
    h.chatModel("a", "m-a", null);
    key = h.key("tests");
  }

  @AfterEach
  void stop() {
    h.close();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"model\":\"m-a\",|400|invalid_json",
      "[]|400|invalid_json",
      "{\"messages\":[]}|400|missing_required_parameter",
      "{\"model\":42,\"messages\":[]}|400|invalid_type",
      "{\"model\":\"m-a\",\"messages\":{}}|400|invalid_type",
      "{\"model\":\"m-a\",\"messages\":[],\"stream\":1}|400|invalid_type",
      "{\"model\":\"m-a\",\"messages\":[],\"api_base\":\"http://169.254.169.254\"}|400|unsupported_parameter",
      "{\"model\":\"m-a\",\"messages\":[],\"base_url\":\"http://x\"}|400|unsupported_parameter",
      "{\"model\":\"m-a\",\"messages\":[],\"api_key\":\"sk-other\"}|400|unsupported_parameter",
      "{\"model\":\"nope\",\"messages\":[]}|404|model_not_found",
  })
  void refusedBeforeAnyUpstreamCall(String body, int status, String code) {
    HttpResponse<String> r = h.post("/v1/chat/completions", key, body);
    assertCode(status, code, r);
    assertEquals("invalid_request_error", new JsonObject(r.body()).getJsonObject("error").getString("type"));
    assertEquals(0, h.mock("a").stats().requests(), "nothing reached the upstream");
  }

  @Test
  void bodyOverTheLimitIs413() {
    String big = "{\"model\":\"m-a\",\"messages\":[{\"role\":\"user\",\"content\":\"" + "x".repeat((int) LIMIT)
        + "\"}]}";
    assertCode(413, "request_too_large", h.post("/v1/chat/completions", key, big));
    assertEquals(0, h.mock("a").stats().requests());
  }

  @Test
  void unknownAndRevokedKeysGetTheSameAnswer() {
    HttpResponse<String> missing = h.post("/v1/chat/completions", null, "{}");
    HttpResponse<String> unknown = h.post("/v1/chat/completions", "sk-sb-unknown", "{}");
    String revokedKey = h.key("short-lived");
    expect(204, h.admin("DELETE", "/api/admin/keys/short-lived", null));
    HttpResponse<String> revoked = h.post("/v1/chat/completions", revokedKey, GatewayFlows.CHAT.formatted("m-a", ""));
    for (HttpResponse<String> r : List.of(missing, unknown, revoked)) {
      assertCode(401, "invalid_api_key", r);
    }
    assertEquals(unknown.body(), revoked.body());
    HttpResponse<String> viaHeader = h.send("GET", "/v1/models", null, null);
    assertCode(401, "invalid_api_key", viaHeader);
    assertEquals(0, h.mock("a").stats().requests());
  }

  @Test
  void xApiKeyHeaderAuthenticates() throws Exception {
    var req = java.net.http.HttpRequest.newBuilder(java.net.URI.create(h.base() + "/v1/models"))
        .header("x-api-key", key).build();
    assertEquals(200, h.http.send(req, HttpResponse.BodyHandlers.ofString()).statusCode());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "ftp://127.0.0.1/v1|invalid_base_url",
      "file:///etc/passwd|invalid_base_url",
      "http://169.254.169.254/latest|invalid_base_url",
      "http://[fe80::1]/v1|invalid_base_url",
      "http://metadata.google.internal/v1|invalid_base_url",
      "http://user:pw@127.0.0.1/v1|invalid_base_url",
      "not a url|invalid_base_url",
  })
  void providerUrlsThatCouldReachTheWrongPlaceAreRefused(String url, String code) {
    assertCode(400, code, h.admin("POST", "/api/admin/providers",
        new JsonObject().put("name", "evil").put("base_url", url)));
    assertProvidersUnchanged();
  }

  @Test
  void headerValuesWithLineBreaksAreRefused() {
    assertCode(400, "invalid_value", h.admin("POST", "/api/admin/providers", new JsonObject().put("name", "p2")
        .put("base_url", "http://127.0.0.1:1/v1").put("headers", new JsonObject().put("x-team", "a\r\nHost: evil"))));
    assertCode(400, "invalid_header", h.admin("POST", "/api/admin/providers", new JsonObject().put("name", "p3")
        .put("base_url", "http://127.0.0.1:1/v1").put("headers", new JsonObject().put("bad header", "x"))));
    assertCode(400, "invalid_value", h.admin("POST", "/api/admin/providers", new JsonObject().put("name", "p4")
        .put("base_url", "http://127.0.0.1:1/v1").put("api_key", "k\nX-Injected: 1")));
    assertProvidersUnchanged();
  }

  @Test
  void adminBodiesAreCheckedStrictly() {
    assertCode(400, "invalid_json", h.send("POST", "/api/admin/providers", "{not json",
        "Bearer " + GatewayHarness.ADMIN));
    assertCode(400, "invalid_type", h.admin("POST", "/api/admin/providers",
        new JsonObject().put("name", "p").put("base_url", 7)));
    assertCode(400, "invalid_value", h.admin("POST", "/api/admin/providers", new JsonObject().put("name", "p")
        .put("base_url", "http://127.0.0.1:1/v1").put("timeouts", new JsonObject().put("connect_ms", -1))));
    assertCode(400, "unknown_field", h.admin("POST", "/api/admin/providers", new JsonObject().put("name", "p")
        .put("base_url", "http://127.0.0.1:1/v1").put("timeouts", new JsonObject().put("connect", 1))));
    assertCode(401, "invalid_admin_token", h.send("GET", "/api/admin/providers", null, "Bearer " + key));
    assertCode(400, "invalid_value", h.admin("GET", "/api/requests?limit=0", null));
    assertProvidersUnchanged();
  }

  private void assertProvidersUnchanged() {
    JsonObject list = new JsonObject(expect(200, h.admin("GET", "/api/admin/providers", null)).body());
    assertEquals(1, list.getJsonArray("data").size(), "a refused write leaves nothing behind");
  }
}
