package dev.switchboard.mock;

import static org.junit.jupiter.api.Assertions.fail;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Starts a mock named {@code alpha} on a random port per test and talks to it over real sockets.
 */
abstract class MockTestSupport {
  static final String NAME = "alpha";
  static final String CONTENT = "Hello from " + NAME;

  Vertx vertx;
  MockUpstream mock;
  HttpClient http;

  MockOptions options() {
    return MockOptions.defaults().withName(NAME);
  }

  @BeforeEach
  void startMock() {
    vertx = Vertx.vertx();
    mock = MockUpstream.start(vertx, options()).await();
    http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  }

  @AfterEach
  void stopMock() {
    http.shutdownNow();
    mock.close().await();
    vertx.close().await();
  }

  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + mock.port() + path);
  }

  HttpResponse<String> send(String method, String path, String body) throws Exception {
    return send(method, path, body, Duration.ofSeconds(10));
  }

  HttpResponse<String> send(String method, String path, String body, Duration timeout)
      throws Exception {
    HttpRequest.BodyPublisher publisher =
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body);
    HttpRequest request =
        HttpRequest.newBuilder(uri(path))
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer caller-secret")
            .method(method, publisher)
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> post(String path, JsonObject body) throws Exception {
    return send("POST", path, body.encode());
  }

  HttpResponse<String> get(String path) throws Exception {
    return send("GET", path, null);
  }

  void putBehavior(JsonObject behavior) throws Exception {
    HttpResponse<String> response = send("PUT", "/mock/behavior", behavior.encode());
    if (response.statusCode() != 200) {
      fail("PUT /mock/behavior answered " + response.statusCode() + ": " + response.body());
    }
  }

  static JsonObject chat(String model, boolean stream) {
    return new JsonObject()
        .put("model", model)
        .put("stream", stream)
        .put(
            "messages",
            List.of(new JsonObject().put("role", "user").put("content", "say hello to me")));
  }

  /** The {@code data:} payloads of an SSE body, in order. */
  static List<String> dataLines(String sse) {
    List<String> data = new ArrayList<>();
    for (String line : sse.split("\n")) {
      if (line.startsWith("data: ")) {
        data.add(line.substring("data: ".length()));
      }
    }
    return data;
  }

  /** Concatenates {@code delta.content} over chat chunks. */
  static String chatContent(List<String> data) {
    StringBuilder text = new StringBuilder();
    for (String payload : data) {
      if (payload.startsWith("{")) {
        for (Object choice : new JsonObject(payload).getJsonArray("choices")) {
          JsonObject delta = ((JsonObject) choice).getJsonObject("delta");
          text.append(delta.getString("content", ""));
        }
      }
    }
    return text.toString();
  }

  /** Waits, on a Vert.x timer rather than a sleep, until the stats match; fails after 5 s. */
  MockStats awaitStats(Predicate<MockStats> condition) throws InterruptedException {
    CompletableFuture<MockStats> matched = new CompletableFuture<>();
    long timer =
        vertx.setPeriodic(
            0,
            10,
            id -> {
              MockStats stats = mock.stats();
              if (condition.test(stats)) {
                matched.complete(stats);
              }
            });
    try {
      return matched.get(5, TimeUnit.SECONDS);
    } catch (TimeoutException | ExecutionException notMatched) {
      return fail("stats never matched; last: " + mock.stats());
    } finally {
      vertx.cancelTimer(timer);
    }
  }

  /** Opens a raw connection and sends one POST, so a test can hang up at a moment it chooses. */
  Socket rawPost(String path, JsonObject body) throws IOException {
    Socket socket = new Socket("127.0.0.1", mock.port());
    socket.setSoTimeout(5_000);
    byte[] bytes = body.encode().getBytes(StandardCharsets.UTF_8);
    OutputStream out = socket.getOutputStream();
    out.write(
        ("POST "
                + path
                + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: "
                + bytes.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.write(bytes);
    out.flush();
    return socket;
  }

  /** Reads from the socket until {@code marker} has arrived; returns everything read. */
  static String readUntil(Socket socket, String marker) throws IOException {
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream seen = new ByteArrayOutputStream();
    byte[] buffer = new byte[1024];
    while (!seen.toString(StandardCharsets.UTF_8).contains(marker)) {
      int read = in.read(buffer);
      if (read < 0) {
        fail("connection ended before '" + marker + "': " + seen.toString(StandardCharsets.UTF_8));
      }
      seen.write(buffer, 0, read);
    }
    return seen.toString(StandardCharsets.UTF_8);
  }

  /** Reads a raw connection to its end, returning what arrived before EOF or an error. */
  static String readToEnd(Socket socket) {
    ByteArrayOutputStream seen = new ByteArrayOutputStream();
    byte[] buffer = new byte[1024];
    try {
      InputStream in = socket.getInputStream();
      for (int read; (read = in.read(buffer)) >= 0; ) {
        seen.write(buffer, 0, read);
      }
    } catch (IOException ended) {
      // A reset connection ends the read as surely as EOF.
    }
    return seen.toString(StandardCharsets.UTF_8);
  }
}
