package dev.switchboard.e2e;

import static dev.switchboard.e2e.GatewayHarness.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.mock.MockBehavior;
import dev.switchboard.store.Database;
import dev.switchboard.store.SessionStore;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A conversation stays on the target that served it (DESIGN §5). */
@Timeout(90)
class StickinessTest {

  @TempDir Path dir;
  GatewayHarness h;
  String key;

  @BeforeEach
  void start() {
    h = new GatewayHarness(null, dir, 1 << 20, "a", "b");
    h.chatModel("a", "m-a", null);
    h.chatModel("b", "m-b", null);
    key = h.key("first");
  }

  @AfterEach
  void stop() {
    h.close();
  }

  private void alias(int ttl) {
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "chat").put("rule", "weighted")
        .put("sticky_ttl_seconds", ttl).put("targets", new JsonArray().add("m-a").add("m-b"))));
  }

  private HttpResponse<String> call(String apiKey, String session) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(h.base() + "/v1/chat/completions"))
        .timeout(Duration.ofSeconds(20)).header("Authorization", "Bearer " + apiKey)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(GatewayFlows.CHAT.formatted("chat", "")));
    if (session != null) {
      b.header("x-session-id", session);
    }
    try {
      return h.http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String served(HttpResponse<String> r) {
    return r.headers().firstValue("x-switchboard-served-model").orElse(null);
  }

  @Test
  void oneSessionStaysOnOneTargetAndManySessionsSpread() {
    alias(3600);
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      seen.add(served(expect(200, call(key, "conversation-1"))));
    }
    assertEquals(1, seen.size(), "20 requests of one session, one target: " + seen);
    int onA = 0;
    for (int i = 0; i < 200; i++) {
      if ("m-a".equals(served(expect(200, call(key, "conv-" + i))))) {
        onA++;
      }
    }
    assertTrue(onA > 60 && onA < 140, "200 sessions split about evenly: " + onA + " on a");
  }

  @Test
  void bodyFieldsNameTheSessionWhenNoHeaderDoes() {
    alias(3600);
    for (String field : new String[] {"prompt_cache_key", "user"}) {
      Set<String> seen = new HashSet<>();
      for (int i = 0; i < 12; i++) {
        String body = "{\"model\":\"chat\",\"" + field + "\":\"conv-by-body\","
            + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
        seen.add(served(expect(200, h.post("/v1/chat/completions", key, body))));
      }
      assertEquals(1, seen.size(), field + ": " + seen);
    }
  }

  @Test
  void theSameSessionIdFromAnotherKeyIsAnotherSession() {
    alias(3600);
    String other = h.key("second");
    String mine = served(expect(200, call(key, "shared-id")));
    JsonObject mineNow = plan("shared-id", "first");
    assertEquals(mine, mineNow.getString("sticky_target"));
    assertNull(plan("shared-id", "second").getValue("sticky_target"), "the other caller does not read my row");
    Set<String> theirs = new HashSet<>();
    for (int i = 0; i < 30; i++) {
      theirs.add(served(expect(200, call(other, "id-" + i))));
    }
    assertEquals(Set.of("m-a", "m-b"), theirs, "other callers are spread by the rule, not by my session");
  }

  @Test
  void aFailingPinnedTargetMovesTheSessionForGood() {
    alias(3600);
    String first = served(expect(200, call(key, "s1")));
    String firstMock = first.substring(2);
    String otherModel = first.equals("m-a") ? "m-b" : "m-a";
    h.mock(firstMock).setBehavior(MockBehavior.status(503));
    assertEquals(otherModel, served(expect(200, call(key, "s1"))));
    h.mock(firstMock).setBehavior(MockBehavior.ok());
    h.clock.advance(Duration.ofMinutes(10)); // the first target's cooldown is long over
    for (int i = 0; i < 10; i++) {
      assertEquals(otherModel, served(expect(200, call(key, "s1"))), "a recovered target is not returned to");
    }
  }

  @Test
  void sessionsSurviveARestartAndNoRawIdIsStored() throws IOException {
    alias(3600);
    String secretSession = "raw-session-id-7f3a9c";
    String first = served(expect(200, call(key, secretSession)));
    h.restart();
    for (int i = 0; i < 10; i++) {
      assertEquals(first, served(expect(200, call(key, secretSession))));
    }
    h.gateway.close();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
        assertFalse(bytes.contains(secretSession), "raw session id found in " + f);
      }
    }
    h.restart();
  }

  @Test
  void aClientErrorPinsNothingAndAZeroWindowWritesNothing() {
    alias(3600);
    h.mock("a").setBehavior(MockBehavior.status(400));
    h.mock("b").setBehavior(MockBehavior.status(400));
    assertEquals(400, call(key, "s-400").statusCode());
    assertNull(plan("s-400", "first").getValue("sticky_target"));
    expect(204, h.admin("DELETE", "/api/admin/aliases/chat", null));
    h.mock("a").setBehavior(MockBehavior.ok());
    h.mock("b").setBehavior(MockBehavior.ok());
    alias(0);
    for (int i = 0; i < 5; i++) {
      expect(200, call(key, "s-zero-" + i));
    }
    assertEquals(List.of(), sessionRows());
  }

  @Test
  void deletingTheAliasForgetsItsSessions() {
    alias(3600);
    expect(200, call(key, "s-del"));
    GatewayHarness.eventually(Duration.ofSeconds(2), () -> sessionRows().size() == 1, "one session row");
    expect(204, h.admin("DELETE", "/api/admin/aliases/chat", null));
    assertEquals(List.of(), sessionRows());
  }

  private List<String> sessionRows() {
    try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("switchboard.db"))) {
      return new SessionStore(db).active(Instant.parse("2000-01-01T00:00:00Z")).stream()
          .map(r -> r.aliasName() + "/" + r.modelId()).toList();
    }
  }

  private JsonObject plan(String session, String keyName) {
    return new JsonObject(expect(200, h.admin("GET", "/api/aliases/chat/plan?session=" + session + "&key="
        + keyName, null)).body());
  }
}
