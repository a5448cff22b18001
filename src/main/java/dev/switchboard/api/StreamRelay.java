package dev.switchboard.api;

import dev.switchboard.protocol.JsonScan;
import dev.switchboard.protocol.OpenAiErrors;
import dev.switchboard.protocol.OpenAiRequest;
import dev.switchboard.protocol.OpenAiResponse;
import dev.switchboard.protocol.SseEvent;
import dev.switchboard.protocol.Usage;
import dev.switchboard.routing.Classifier;
import dev.switchboard.routing.FailureClass;
import dev.switchboard.routing.Outcome;
import dev.switchboard.upstream.UpstreamException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

/**
 * Relays a stream that is past its commit point, event by event, with {@code model} set to the caller's
 * name in every chunk. Backpressure: when the caller's socket is full the upstream is paused.
 *
 * <p>After the first byte nothing can fail over: a break ends the stream with an {@code error} event and no
 * {@code [DONE]}, and the ledger row says {@code truncated}.
 */
final class StreamRelay {

  private static final Buffer KEEP_ALIVE = Buffer.buffer(": keep-alive\n\n");

  private final RoutingContext ctx;
  private final HttpServerResponse resp;
  private final Outcome.Streaming streaming;
  private final OpenAiRequest request;
  private final UsageRecorder recorder;
  private Usage usage = Usage.NONE;
  private boolean sawDone;
  private boolean finished;
  private long ttfbMs = -1;

  StreamRelay(RoutingContext ctx, Outcome.Streaming streaming, OpenAiRequest request, UsageRecorder recorder) {
    this.ctx = ctx;
    this.resp = ctx.response();
    this.streaming = streaming;
    this.request = request;
    this.recorder = recorder;
  }

  void start() {
    resp.setStatusCode(200)
        .putHeader("content-type", "text/event-stream")
        .putHeader("cache-control", "no-cache")
        .setChunked(true);
    resp.closeHandler(v -> {
      if (!finished) {
        streaming.stream().cancel();
        finish("canceled", "caller went away");
      }
    });
    resp.drainHandler(v -> streaming.stream().resume());
    onEvent(streaming.first());
    ttfbMs = elapsedMs();
    streaming.stream().attach(this::onEvent, this::onEnd, this::onError);
  }

  private void onEvent(SseEvent event) {
    if (finished || sawDone) {
      return;
    }
    if (event.isComment()) {
      write(KEEP_ALIVE);
      return;
    }
    if (event.isDone()) {
      sawDone = true;
      write(SseEvent.DONE);
      return;
    }
    if (event.namedError()) {
      truncate(Buffer.buffer(event.data() == null ? "{}" : event.data()), "error event mid-stream");
      return;
    }
    OpenAiResponse chunk;
    try {
      chunk = OpenAiResponse.rewrite(event.dataBytes(), request.model());
    } catch (JsonScan.MalformedJson e) {
      write(SseEvent.encode(event.event(), Buffer.buffer(event.data())));
      return;
    }
    if (chunk.usage().known()) {
      usage = chunk.usage();
    }
    if (chunk.error()) {
      truncate(chunk.body(), "error object mid-stream");
      return;
    }
    if (chunk.usageOnly() && !request.callerWantsUsage()) {
      return; // the gateway asked for this chunk for its ledger; the caller did not
    }
    write(SseEvent.encode(event.event(), chunk.body()));
  }

  private void write(Buffer data) {
    resp.write(data);
    if (resp.writeQueueFull()) {
      streaming.stream().pause();
    }
  }

  private void onEnd() {
    if (finished) {
      return;
    }
    if (sawDone) {
      resp.end();
      finish("ok", null);
    } else {
      truncate(errorBody("The upstream stream ended before it was complete."), "stream ended without [DONE]");
    }
  }

  private void onError(UpstreamException e) {
    if (finished) {
      return;
    }
    if (e.kind() == UpstreamException.Kind.CANCELED) {
      finish("canceled", "caller went away");
      return;
    }
    String reason = Classifier.ofException(e).reason();
    truncate(errorBody("The upstream stream broke: " + reason + "."), reason);
  }

  private void truncate(Buffer errorData, String reason) {
    streaming.stream().cancel();
    if (!resp.closed()) {
      resp.end(SseEvent.encode("error", errorData));
    }
    finish(FailureClass.TRUNCATED.ledgerStatus(), reason);
  }

  private static Buffer errorBody(String message) {
    return OpenAiErrors.body(message, "api_error", "upstream_stream_truncated", null).toBuffer();
  }

  private void finish(String status, String errorClass) {
    if (finished) {
      return;
    }
    finished = true;
    boolean upstreamFault = status.equals(FailureClass.TRUNCATED.ledgerStatus());
    streaming.stream().close(upstreamFault ? errorClass : null);
    recorder.streamed(streaming.binding(), streaming.routeAttempt(), status, errorClass, usage, elapsedMs(),
        ttfbMs);
  }

  private long elapsedMs() {
    return (System.nanoTime() - streaming.startedNanos()) / 1_000_000;
  }
}
