package dev.switchboard.upstream;

import dev.switchboard.protocol.SseDecoder;
import dev.switchboard.protocol.SseEvent;
import dev.switchboard.upstream.UpstreamException.Kind;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One upstream attempt from connect to the last byte, with its timers.
 *
 * <p>Two timers run: the attempt's total, and one phase timer that is first the time to the answer (to the
 * first event, for a stream) and then the idle gap between chunks. A timer that fires resets the request,
 * which closes the connection, and reports a timeout of that phase. All of it runs on the event loop of the
 * context that created it, so no field needs to be volatile.
 */
final class Exchange implements EventStream {

  private static final long NO_TIMER = -1;

  private final Vertx vertx;
  private final UpstreamCall call;
  private final Promise<Reply> promise = Promise.promise();
  private final long started = System.nanoTime();
  private HttpClientRequest request;
  private HttpClientResponse response;
  private long totalTimer = NO_TIMER;
  private long phaseTimer = NO_TIMER;
  private boolean done;
  private boolean paused;
  private boolean firstEventSeen;
  private Consumer<UpstreamException> streamError;
  private Runnable streamEnd;

  Exchange(Vertx vertx, UpstreamCall call) {
    this.vertx = vertx;
    this.call = call;
  }

  Future<Reply> start(HttpClient client) {
    call.cancellation().onCancel(this::cancel);
    totalTimer = vertx.setTimer(call.totalMillis(), id -> fail(Kind.TIMEOUT_TOTAL, "no complete answer"));
    RequestOptions options = new RequestOptions()
        .setMethod(HttpMethod.POST)
        .setAbsoluteURI(baseUrl() + call.endpoint().path())
        .setConnectTimeout(Math.min(call.timeouts().connect().toMillis(), call.totalMillis()))
        .setFollowRedirects(false);
    client.request(options).onComplete(ar -> {
      if (ar.failed()) {
        fail(connectKind(ar.cause()), String.valueOf(ar.cause().getMessage()));
        return;
      }
      request = ar.result();
      if (done) {
        request.reset();
        return;
      }
      headers(request);
      arm(Kind.TIMEOUT_FIRST_BYTE, call.timeouts().firstByte().toMillis());
      request.send(call.body()).onComplete(rr -> {
        if (rr.failed()) {
          fail(Kind.CONNECT, String.valueOf(rr.cause().getMessage()));
        } else {
          onResponse(rr.result());
        }
      });
    });
    return promise.future();
  }

  private String baseUrl() {
    String base = call.provider().baseUrl();
    return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
  }

  private void headers(HttpClientRequest req) {
    req.putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
    req.putHeader(HttpHeaders.ACCEPT, call.stream() ? "text/event-stream" : "application/json");
    req.putHeader(HttpHeaders.USER_AGENT, "switchboard");
    req.putHeader("x-switchboard-request-id", call.requestId());
    for (Map.Entry<String, String> h : call.provider().headers().entrySet()) {
      req.putHeader(h.getKey(), h.getValue());
    }
    if (call.provider().apiKey().present()) {
      req.putHeader(HttpHeaders.AUTHORIZATION, "Bearer " + call.provider().apiKey().value());
    }
  }

  private void onResponse(HttpClientResponse resp) {
    if (done) {
      return;
    }
    response = resp;
    long ttfb = System.nanoTime() - started;
    resp.exceptionHandler(e -> fail(Kind.BROKEN, "connection broke: " + e.getMessage()));
    if (call.stream() && resp.statusCode() == 200) {
      resp.pause();
      promise.tryComplete(new Reply(200, resp.headers(), null, this, ttfb));
      return;
    }
    // Headers without a body are not yet an answer: the first body byte is still under first_byte.
    arm(Kind.TIMEOUT_FIRST_BYTE, call.timeouts().firstByte().toMillis());
    Buffer body = Buffer.buffer();
    resp.handler(chunk -> {
      body.appendBuffer(chunk);
      arm(Kind.TIMEOUT_IDLE, call.timeouts().idle().toMillis());
    });
    resp.endHandler(v -> {
      finish();
      promise.tryComplete(new Reply(resp.statusCode(), resp.headers(), body, null, ttfb));
    });
  }

  @Override
  public void start(Consumer<SseEvent> onEvent, Runnable onEnd, Consumer<UpstreamException> onError) {
    streamEnd = onEnd;
    streamError = onError;
    SseDecoder decoder = new SseDecoder(event -> {
      if (done) {
        return;
      }
      if (!firstEventSeen && !event.isComment()) {
        firstEventSeen = true;
      }
      onEvent.accept(event);
    });
    response.handler(chunk -> {
      decoder.feed(chunk);
      if (firstEventSeen && !done) {
        arm(Kind.TIMEOUT_IDLE, call.timeouts().idle().toMillis());
      }
    });
    response.endHandler(v -> {
      if (!done) {
        finish();
        streamEnd.run();
      }
    });
    response.resume();
  }

  @Override
  public void pause() {
    if (!done && response != null) {
      paused = true;
      response.pause();
      cancelPhase();
    }
  }

  @Override
  public void resume() {
    if (!done && response != null && paused) {
      paused = false;
      response.resume();
      arm(firstEventSeen ? Kind.TIMEOUT_IDLE : Kind.TIMEOUT_FIRST_BYTE,
          (firstEventSeen ? call.timeouts().idle() : call.timeouts().firstByte()).toMillis());
    }
  }

  @Override
  public void cancel() {
    if (!done) {
      fail(Kind.CANCELED, "canceled");
    }
  }

  private void arm(Kind kind, long millis) {
    cancelPhase();
    phaseTimer = vertx.setTimer(Math.max(1, millis), id -> fail(kind, phaseName(kind) + " after " + millis + " ms"));
  }

  private static String phaseName(Kind kind) {
    return kind == Kind.TIMEOUT_IDLE ? "no data" : "no answer";
  }

  private void cancelPhase() {
    if (phaseTimer != NO_TIMER) {
      vertx.cancelTimer(phaseTimer);
      phaseTimer = NO_TIMER;
    }
  }

  private void finish() {
    done = true;
    cancelPhase();
    if (totalTimer != NO_TIMER) {
      vertx.cancelTimer(totalTimer);
      totalTimer = NO_TIMER;
    }
  }

  private void fail(Kind kind, String message) {
    if (done) {
      return;
    }
    finish();
    if (request != null) {
      request.reset();
    }
    UpstreamException e = new UpstreamException(kind, message);
    if (!promise.tryFail(e) && streamError != null) {
      streamError.accept(e);
    }
  }

  private static Kind connectKind(Throwable t) {
    String name = t.getClass().getSimpleName();
    String msg = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT);
    return name.contains("Timeout") || msg.contains("timed out") ? Kind.TIMEOUT_CONNECT : Kind.CONNECT;
  }
}
