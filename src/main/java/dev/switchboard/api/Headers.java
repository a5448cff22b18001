package dev.switchboard.api;

import dev.switchboard.catalog.Binding;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpServerResponse;
import java.util.Locale;
import java.util.Map;

/** The {@code x-switchboard-*} response headers and the upstream headers that may pass through. */
final class Headers {

  static final String REQUEST_ID = "x-switchboard-request-id";
  static final String ATTEMPTS = "x-switchboard-attempts";
  static final String PROVIDER = "x-switchboard-provider";
  static final String SERVED_MODEL = "x-switchboard-served-model";
  static final String FAILOVER = "x-switchboard-failover";

  private Headers() {}

  /**
   * Sets the routing headers for the attempt that is being relayed.
   *
   * @param failover {@code fallback}, {@code degraded} or {@code null}
   */
  static void served(HttpServerResponse resp, int attempts, Binding served, String failover, boolean hideTargets) {
    resp.putHeader(ATTEMPTS, Integer.toString(attempts));
    if (failover != null) {
      resp.putHeader(FAILOVER, failover);
    }
    if (served != null && !hideTargets) {
      resp.putHeader(PROVIDER, served.provider().name());
      resp.putHeader(SERVED_MODEL, served.model().name());
    }
  }

  /** Copies the relayed attempt's {@code x-ratelimit-*} headers (and only that attempt's). */
  static void rateLimits(HttpServerResponse resp, MultiMap upstream) {
    if (upstream == null) {
      return;
    }
    for (Map.Entry<String, String> h : upstream) {
      String name = h.getKey().toLowerCase(Locale.ROOT);
      if (name.startsWith("x-ratelimit-") || name.equals("retry-after")) {
        resp.headers().add(name, h.getValue());
      }
    }
  }
}
