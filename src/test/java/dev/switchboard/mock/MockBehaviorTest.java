package dev.switchboard.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class MockBehaviorTest extends MockTestSupport {

  @Test
  void status_repliesWithStatusErrorBodyAndRetryAfter() throws Exception {
    putBehavior(
        new JsonObject().put("behavior", "status").put("status", 429).put("retry_after", 5));

    HttpResponse<String> response = post("/v1/chat/completions", chat("m", false));

    assertEquals(429, response.statusCode());
    assertEquals("5", response.headers().firstValue("retry-after").orElseThrow());
    JsonObject error = new JsonObject(response.body()).getJsonObject("error");
    assertEquals("rate_limit_error", error.getString("type"));
    assertEquals("rate_limit_exceeded", error.getString("code"));
  }

  @Test
  void status_withBody_sendsThatBodyAndNoRetryAfter() throws Exception {
    mock.setBehavior(MockBehavior.status(503).withBody("{\"custom\":true}"));

    HttpResponse<String> response = post("/v1/chat/completions", chat("m", true));

    assertEquals(503, response.statusCode());
    assertEquals("{\"custom\":true}", response.body());
    assertTrue(response.headers().firstValue("retry-after").isEmpty());
  }

  @Test
  void reset_closesConnectionWithoutAnswer() throws Exception {
    putBehavior(new JsonObject().put("behavior", "reset"));

    assertThrows(IOException.class, () -> post("/v1/chat/completions", chat("m", false)));
    MockStats stats = awaitStats(s -> s.inFlight() == 0);
    assertEquals(new MockStats(1, 0, 0, 0), stats);
  }

  @Test
  void hang_neverAnswers_andCountsCallerThatGaveUp() throws Exception {
    putBehavior(new JsonObject().put("behavior", "hang"));

    assertThrows(
        HttpTimeoutException.class,
        () ->
            send(
                "POST", "/v1/chat/completions", chat("m", false).encode(), Duration.ofMillis(300)));

    assertEquals(new MockStats(1, 0, 1, 0), awaitStats(s -> s.clientClosed() == 1));
  }

  @Test
  void hangAfterHeaders_stream_sends200SseHeadersThenNothing() throws Exception {
    mock.setBehavior(MockBehavior.of(MockBehavior.Kind.HANG_AFTER_HEADERS));

    HttpResponse<InputStream> response = sendStreaming(chat("m", true));

    assertEquals(200, response.statusCode());
    assertEquals("text/event-stream", response.headers().firstValue("content-type").orElseThrow());
    assertEquals(1, mock.stats().inFlight());
    response.body().close();
    assertEquals(new MockStats(1, 0, 1, 0), awaitStats(s -> s.clientClosed() == 1));
  }

  @Test
  void hangAfterHeaders_nonStream_sends200JsonHeadersThenNothing() throws Exception {
    mock.setBehavior(MockBehavior.of(MockBehavior.Kind.HANG_AFTER_HEADERS));

    try (Socket socket = rawPost("/v1/chat/completions", chat("m", false))) {
      String head = readUntil(socket, "\r\n\r\n");
      assertTrue(head.startsWith("HTTP/1.1 200"), head);
      assertTrue(head.toLowerCase().contains("content-type: application/json"), head);
    }
    assertEquals(1, awaitStats(s -> s.clientClosed() == 1).requests());
  }

  @Test
  void errorFirstEvent_stream_firstEventIsError() throws Exception {
    putBehavior(new JsonObject().put("behavior", "error_first_event"));

    HttpResponse<String> response = post("/v1/chat/completions", chat("m", true));

    assertEquals(200, response.statusCode());
    List<String> data = dataLines(response.body());
    assertEquals(1, data.size());
    assertTrue(new JsonObject(data.getFirst()).containsKey("error"));
  }

  @Test
  void errorFirstEvent_withBody_sendsThatBody() throws Exception {
    putBehavior(
        new JsonObject()
            .put("behavior", "error_first_event")
            .put(
                "body",
                new JsonObject().put("error", new JsonObject().put("message", "overloaded"))));

    List<String> data = dataLines(post("/v1/chat/completions", chat("m", true)).body());

    assertEquals(
        "overloaded", new JsonObject(data.getFirst()).getJsonObject("error").getString("message"));
  }

  @Test
  void errorFirstEvent_nonStream_200WithErrorObject() throws Exception {
    putBehavior(new JsonObject().put("behavior", "error_first_event"));

    HttpResponse<String> response = post("/v1/chat/completions", chat("m", false));

    assertEquals(200, response.statusCode());
    assertTrue(new JsonObject(response.body()).containsKey("error"));
  }

  @Test
  void emptyStream_200WithNoEventsOrEmptyBody() throws Exception {
    putBehavior(new JsonObject().put("behavior", "empty_stream"));

    HttpResponse<String> stream = post("/v1/chat/completions", chat("m", true));
    HttpResponse<String> plain = post("/v1/chat/completions", chat("m", false));

    assertEquals(200, stream.statusCode());
    assertEquals("text/event-stream", stream.headers().firstValue("content-type").orElseThrow());
    assertEquals("", stream.body());
    assertEquals(200, plain.statusCode());
    assertEquals("", plain.body());
    assertEquals(new MockStats(2, 2, 0, 0), awaitStats(s -> s.completed() == 2));
  }

  @Test
  void truncate_stream_sendsAfterContentChunksAndNoDone() throws Exception {
    putBehavior(new JsonObject().put("behavior", "truncate").put("after", 2).put("chunks", 4));

    // A raw socket: a client library may drop buffered events once it sees the connection die.
    String raw;
    try (Socket socket = rawPost("/v1/chat/completions", chat("m", true))) {
      raw = readToEnd(socket);
    }
    List<String> data = dataLines(raw.replace("\r\n", "\n"));

    assertTrue(raw.startsWith("HTTP/1.1 200"), raw);
    assertFalse(data.contains("[DONE]"));
    long contentChunks =
        data.stream()
            .map(JsonObject::new)
            .filter(
                c ->
                    !c.getJsonArray("choices")
                        .getJsonObject(0)
                        .getJsonObject("delta")
                        .getString("content", "")
                        .isEmpty())
            .count();
    assertEquals(2, contentChunks);
    assertEquals(new MockStats(1, 0, 0, 0), awaitStats(s -> s.inFlight() == 0));
  }

  @Test
  void truncate_nonStream_bodyCutOffMidway() throws Exception {
    mock.setBehavior(MockBehavior.of(MockBehavior.Kind.TRUNCATE));

    try (Socket socket = rawPost("/v1/chat/completions", chat("m", false))) {
      String raw = readToEnd(socket);
      String body = raw.substring(raw.indexOf("\r\n\r\n") + 4);
      int promised = Integer.parseInt(raw.replaceAll("(?s).*[Cc]ontent-[Ll]ength: (\\d+).*", "$1"));
      assertTrue(raw.startsWith("HTTP/1.1 200"), raw);
      assertEquals(promised / 2, body.length());
      assertThrows(DecodeException.class, () -> new JsonObject(body));
    }
    assertThrows(IOException.class, () -> post("/v1/chat/completions", chat("m", false)));
  }

  @Test
  void malformed_200WithBodyThatIsNotJson() throws Exception {
    putBehavior(new JsonObject().put("behavior", "malformed"));

    HttpResponse<String> response = post("/v1/chat/completions", chat("m", false));

    assertEquals(200, response.statusCode());
    assertThrows(DecodeException.class, () -> new JsonObject(response.body()));
  }

  @Test
  void latency_delaysTheAnswer() throws Exception {
    putBehavior(new JsonObject().put("behavior", "ok").put("latency_ms", 300));

    long started = System.nanoTime();
    HttpResponse<String> response = post("/v1/chat/completions", chat("m", false));

    assertEquals(200, response.statusCode());
    assertTrue(System.nanoTime() - started >= Duration.ofMillis(300).toNanos());
  }

  @Test
  void behavior_putThenGet_roundTrips() throws Exception {
    putBehavior(
        new JsonObject().put("behavior", "truncate").put("after", 2).put("chunk_interval_ms", 7));

    JsonObject current = new JsonObject(get("/mock/behavior").body());

    assertEquals("truncate", current.getString("behavior"));
    assertEquals(2, current.getInteger("after"));
    assertEquals(7, current.getInteger("chunk_interval_ms"));
    assertEquals(3, current.getInteger("chunks"), "left-out fields take their defaults");
    assertEquals(MockBehavior.Kind.TRUNCATE, mock.behavior().kind());
  }

  @Test
  void behavior_badInput_is400AndLeavesBehaviorAlone() throws Exception {
    List<String> bad =
        List.of(
            "{not json",
            "[1,2]",
            "{}",
            "{\"behavior\":\"explode\"}",
            "{\"behavior\":\"status\",\"status\":99}",
            "{\"behavior\":\"ok\",\"chunks\":0}",
            "{\"behavior\":\"ok\",\"latency_ms\":\"slow\"}",
            "{\"behavior\":\"ok\",\"lateny_ms\":5}");
    for (String body : bad) {
      HttpResponse<String> response = send("PUT", "/mock/behavior", body);
      assertEquals(400, response.statusCode(), body);
      assertTrue(new JsonObject(response.body()).containsKey("error"), body);
    }
    assertEquals(MockBehavior.ok(), mock.behavior());
  }

  private HttpResponse<InputStream> sendStreaming(JsonObject body) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(uri("/v1/chat/completions"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body.encode()))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
  }
}
