package dev.switchboard.e2e;

import static dev.switchboard.e2e.GatewayHarness.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.mock.MockBehavior;
import io.vertx.core.json.JsonObject;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Upstream timeouts end as 504-class errors in the ledger; a caller who leaves cancels the upstream call. */
@Timeout(60)
class TimeoutAndCancelTest {

  @TempDir Path dir;
  GatewayHarness h;
  String key;

  @BeforeEach
  void start() {
    h = new GatewayHarness(null, dir, 1 << 20, "a");
    h.chatModel("a", "m-a", new JsonObject().put("timeouts", new JsonObject().put("first_byte_ms", 1000)));
    key = h.key("tests");
  }

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void hangingUpstreamTimesOutAtFirstByte() {
    h.mock("a").setBehavior(MockBehavior.of(MockBehavior.Kind.HANG));
    long t0 = System.nanoTime();
    HttpResponse<String> r = h.post("/v1/chat/completions", key, GatewayFlows.CHAT.formatted("m-a", ""));
    long ms = (System.nanoTime() - t0) / 1_000_000;
    GatewayFlows.assertCode(504, "upstream_timeout", r);
    assertTrue(ms >= 900 && ms < 5000, "answered after " + ms + " ms");
    JsonObject row = awaitRow(r);
    assertEquals("timeout", row.getString("status"));
    assertEquals("first byte timeout", row.getString("error_class"));
    GatewayHarness.eventually(Duration.ofSeconds(5), () -> h.mock("a").stats().clientClosed() == 1,
        "the timed-out upstream call to be closed");
  }

  @Test
  void streamWithNoFirstEventTimesOutBeforeAnyByteIsSent() {
    h.mock("a").setBehavior(MockBehavior.of(MockBehavior.Kind.HANG_AFTER_HEADERS));
    HttpResponse<String> r = h.post("/v1/chat/completions", key,
        GatewayFlows.CHAT.formatted("m-a", ",\"stream\":true"));
    GatewayFlows.assertCode(504, "upstream_timeout", r);
    assertEquals("timeout", awaitRow(r).getString("status"));
  }

  @Test
  void streamIsRelayedAsItArrivesAndACallerDisconnectCancelsTheUpstream() throws Exception {
    h.mock("a").setBehavior(MockBehavior.ok().withChunks(20).withChunkIntervalMs(200));
    String body = GatewayFlows.CHAT.formatted("m-a", ",\"stream\":true");
    try (Socket s = new Socket("127.0.0.1", h.gateway.port())) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      out.write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + key
          + "\r\nContent-Type: application/json\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length
          + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
      out.flush();
      InputStream in = s.getInputStream();
      String seen = "";
      byte[] buf = new byte[4096];
      while (!seen.contains("\"content\":\"H")) {
        int n = in.read(buf);
        assertTrue(n > 0, "stream ended early: " + seen);
        seen += new String(buf, 0, n, StandardCharsets.UTF_8);
      }
      assertEquals(0, h.mock("a").stats().completed(), "chunks are relayed as they arrive, not at the end");
    }
    GatewayHarness.eventually(Duration.ofSeconds(5), () -> h.mock("a").stats().clientClosed() == 1,
        "the upstream to see the gateway go away");
    GatewayHarness.eventually(Duration.ofSeconds(5), () -> rows().encode().contains("\"canceled\""),
        "a canceled ledger row");
  }

  @Test
  void truncatedStreamEndsWithAnErrorEventNotDone() {
    h.mock("a").setBehavior(MockBehavior.of(MockBehavior.Kind.TRUNCATE).withAfter(2));
    HttpResponse<String> r = expect(200, h.post("/v1/chat/completions", key,
        GatewayFlows.CHAT.formatted("m-a", ",\"stream\":true")));
    assertTrue(r.body().contains("event: error"), r.body());
    assertTrue(!r.body().contains("[DONE]"), r.body());
    assertEquals("truncated", awaitRow(r).getString("status"));
  }

  private io.vertx.core.json.JsonArray rows() {
    return new JsonObject(expect(200, h.admin("GET", "/api/requests?limit=20", null)).body()).getJsonArray("data");
  }

  private JsonObject awaitRow(HttpResponse<String> r) {
    String id = r.headers().firstValue("x-switchboard-request-id").orElseThrow();
    JsonObject[] found = new JsonObject[1];
    GatewayHarness.eventually(Duration.ofSeconds(2), () -> {
      for (Object o : rows()) {
        if (((JsonObject) o).getString("request_id").equals(id)) {
          found[0] = (JsonObject) o;
          return true;
        }
      }
      return false;
    }, "ledger row " + id);
    return found[0];
  }
}
