package dev.switchboard.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.Socket;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class MockStatsTest extends MockTestSupport {

  @Test
  void countsInferenceRequestsOnly() throws Exception {
    post("/v1/chat/completions", chat("m", false));
    post("/v1/chat/completions", chat("m", true));
    post("/v1/embeddings", new JsonObject().put("model", "e").put("input", "x"));
    get("/v1/models");
    get("/mock/behavior");
    awaitStats(s -> s.inFlight() == 0);

    JsonObject stats = new JsonObject(get("/mock/stats").body());

    assertEquals(3, stats.getInteger("requests"));
    assertEquals(3, stats.getInteger("completed"));
    assertEquals(0, stats.getInteger("client_closed"));
    assertEquals(0, stats.getInteger("in_flight"));
  }

  @Test
  void reset_zeroesCountersAndRestoresStartupBehavior() throws Exception {
    post("/v1/chat/completions", chat("m", false));
    mock.setBehavior(MockBehavior.status(500));
    post("/v1/chat/completions", chat("m", false));

    awaitStats(s -> s.inFlight() == 0);
    HttpResponse<String> reset = send("POST", "/mock/reset", null);

    assertEquals(200, reset.statusCode());
    assertEquals(new MockStats(0, 0, 0, 0), mock.stats());
    assertEquals(MockBehavior.ok(), mock.behavior());
    assertEquals(404, get("/mock/last-request").statusCode());
    assertEquals(200, post("/v1/chat/completions", chat("m", false)).statusCode());
  }

  @Test
  void slowStream_callerHangsUp_countsClientClosedAndStopsWriting() throws Exception {
    mock.setBehavior(MockBehavior.ok().withChunkIntervalMs(10_000));

    try (Socket socket = rawPost("/v1/chat/completions", chat("m", true))) {
      readUntil(socket, "data: ");
      assertEquals(1, mock.stats().inFlight());
    }

    assertEquals(new MockStats(1, 0, 1, 0), awaitStats(s -> s.clientClosed() == 1));
  }

  @Test
  void latency_callerHangsUpDuringDelay_countsClientClosed() throws Exception {
    mock.setBehavior(MockBehavior.ok().withLatencyMs(10_000));

    Socket socket = rawPost("/v1/chat/completions", chat("m", false));
    awaitStats(s -> s.inFlight() == 1);
    socket.close();

    assertEquals(new MockStats(1, 0, 1, 0), awaitStats(s -> s.clientClosed() == 1));
  }

  @Test
  void hangAfterHeaders_callerHangsUp_countsClientClosed() throws Exception {
    mock.setBehavior(MockBehavior.of(MockBehavior.Kind.HANG_AFTER_HEADERS));

    try (Socket socket = rawPost("/v1/chat/completions", chat("m", true))) {
      assertTrue(readUntil(socket, "\r\n\r\n").contains("text/event-stream"));
    }

    assertEquals(new MockStats(1, 0, 1, 0), awaitStats(s -> s.clientClosed() == 1));
  }

  @Test
  void eachRequestCountedOnce_acrossManyOnOneConnection() throws Exception {
    for (int i = 0; i < 20; i++) {
      post("/v1/chat/completions", chat("m", i % 2 == 0));
    }
    assertEquals(new MockStats(20, 20, 0, 0), awaitStats(s -> s.completed() == 20));
  }
}
