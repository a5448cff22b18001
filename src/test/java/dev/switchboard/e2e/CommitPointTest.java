package dev.switchboard.e2e;

import static dev.switchboard.e2e.GatewayHarness.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.switchboard.mock.MockBehavior;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Before the first byte reaches the caller, a bad answer moves the request to the next target and the caller
 * sees only the good one. (The full routing suite — rules, cooldown, retries — builds on this.)
 */
@Timeout(60)
class CommitPointTest {

  @TempDir Path dir;
  GatewayHarness h;
  String key;

  @BeforeEach
  void start() {
    h = new GatewayHarness(null, dir, 1 << 20, "a", "b");
    h.chatModel("a", "m-a", null);
    h.chatModel("b", "m-b", null);
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "ha")
        .put("targets", new JsonArray().add("m-a").add("m-b"))));
    key = h.key("tests");
  }

  @AfterEach
  void stop() {
    h.close();
  }

  @ParameterizedTest
  @CsvSource({
      "STATUS, true", "STATUS, false",
      "ERROR_FIRST_EVENT, true", "ERROR_FIRST_EVENT, false",
      "EMPTY_STREAM, true", "EMPTY_STREAM, false",
      "MALFORMED, false", "RESET, true", "RESET, false"})
  void badAnswerFailsOverInvisibly(MockBehavior.Kind kind, boolean stream) {
    h.mock("a").setBehavior(MockBehavior.of(kind).withStatus(503));
    HttpResponse<String> r = expect(200, h.post("/v1/chat/completions", key,
        GatewayFlows.CHAT.formatted("ha", stream ? ",\"stream\":true" : "")));
    assertEquals("2", r.headers().firstValue("x-switchboard-attempts").orElseThrow());
    assertEquals("m-b", r.headers().firstValue("x-switchboard-served-model").orElseThrow());
    assertEquals("fallback", r.headers().firstValue("x-switchboard-failover").orElseThrow());
    assertFalse(r.body().contains("error"), "nothing of the failed attempt reaches the caller: " + r.body());
    if (stream) {
      assertEquals("[DONE]", GatewayFlows.dataLines(r.body()).getLast());
    }
    assertEquals("Hello from b", content(r.body(), stream));
  }

  private static String content(String body, boolean stream) {
    if (!stream) {
      return new JsonObject(body).getJsonArray("choices").getJsonObject(0).getJsonObject("message")
          .getString("content");
    }
    StringBuilder sb = new StringBuilder();
    for (String d : GatewayFlows.dataLines(body)) {
      if (!d.equals("[DONE]")) {
        String piece = new JsonObject(d).getJsonArray("choices").getJsonObject(0).getJsonObject("delta")
            .getString("content");
        sb.append(piece == null ? "" : piece);
      }
    }
    return sb.toString();
  }
}
