package dev.switchboard.upstream;

import dev.switchboard.catalog.Provider;
import io.vertx.core.Future;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** Asks a provider for its model list ({@code GET {base_url}/models}): the cheap liveness check of idle targets. */
public final class ModelLister {

  private final HttpClient client;

  public ModelLister(HttpClient client) {
    this.client = client;
  }

  /** Succeeds with whether the list names {@code upstreamModel}; fails on a transport error or a non-2xx. */
  public Future<Boolean> lists(Provider provider, String upstreamModel, long timeoutMillis) {
    if (provider.apiKey().unreadable()) {
      return Future.failedFuture(new UpstreamException(UpstreamException.Kind.CREDENTIAL, "credential unreadable"));
    }
    String base = provider.baseUrl().endsWith("/") ? provider.baseUrl().substring(0, provider.baseUrl().length() - 1)
        : provider.baseUrl();
    RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setAbsoluteURI(base + "/models")
        .setConnectTimeout(timeoutMillis).setTimeout(timeoutMillis).setFollowRedirects(false);
    provider.headers().forEach(options::putHeader);
    if (provider.apiKey().present()) {
      options.putHeader(HttpHeaders.AUTHORIZATION, "Bearer " + provider.apiKey().value());
    }
    return client.request(options)
        .compose(req -> req.send())
        .compose(resp -> resp.body().map(body -> {
          if (resp.statusCode() / 100 != 2) {
            throw new UpstreamException(UpstreamException.Kind.BROKEN, "model list answered " + resp.statusCode());
          }
          JsonArray data = new JsonObject(body).getJsonArray("data", new JsonArray());
          for (Object o : data) {
            if (o instanceof JsonObject m && upstreamModel.equals(m.getString("id"))) {
              return true;
            }
          }
          return false;
        }));
  }
}
