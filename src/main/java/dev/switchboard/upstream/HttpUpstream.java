package dev.switchboard.upstream;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;

/** The OpenAI-compatible upstream: a JSON or SSE exchange over the shared, pooled HTTP client. */
public final class HttpUpstream implements Upstream {

  private final Vertx vertx;
  private final HttpClient client;

  public HttpUpstream(Vertx vertx, HttpClient client) {
    this.vertx = vertx;
    this.client = client;
  }

  @Override
  public Future<Reply> send(UpstreamCall call) {
    if (call.provider().apiKey().unreadable()) {
      return Future.failedFuture(new UpstreamException(UpstreamException.Kind.CREDENTIAL,
          "the credential of provider '" + call.provider().name() + "' cannot be decrypted"));
    }
    return new Exchange(vertx, call).start(client);
  }
}
