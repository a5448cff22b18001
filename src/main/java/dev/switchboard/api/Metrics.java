package dev.switchboard.api;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.CatalogHolder;
import dev.switchboard.catalog.Route;
import dev.switchboard.health.HealthEvent;
import dev.switchboard.health.TargetKey;
import dev.switchboard.protocol.Endpoint;
import dev.switchboard.routing.Router;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The gateway's Prometheus series ({@code GET /metrics}): requests, latency and time to first byte per endpoint
 * and served model, requests in flight, failed-over attempts, alias switches and whether each target is up.
 */
public final class Metrics {

  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Map<Endpoint, AtomicInteger> inFlight = new EnumMap<>(Endpoint.class);
  private final CatalogHolder catalog;
  private final Router router;

  public Metrics(CatalogHolder catalog, Router router) {
    this.catalog = catalog;
    this.router = router;
    for (Endpoint e : Endpoint.values()) {
      AtomicInteger n = new AtomicInteger();
      inFlight.put(e, n);
      Gauge.builder("switchboard_requests_in_flight", n, AtomicInteger::get)
          .description("Inference requests being served now").tag("endpoint", e.label()).register(registry);
    }
    router.health().events().subscribe(event -> {
      if (event instanceof HealthEvent.AliasSwitched s) {
        Counter.builder("switchboard_alias_switches_total").description("Changes of the target serving an alias")
            .tags("alias", s.alias(), "from", s.from(), "to", s.to(), "reason", s.cause())
            .register(registry).increment();
      }
    });
  }

  /** Counts a request in flight until its response ends, then records its duration and time to first byte. */
  void track(RoutingContext ctx, Endpoint endpoint) {
    long started = System.nanoTime();
    long[] firstByte = {-1};
    AtomicInteger n = inFlight.get(endpoint);
    n.incrementAndGet();
    ctx.response().headersEndHandler(v -> firstByte[0] = System.nanoTime());
    ctx.addEndHandler(ar -> {
      n.decrementAndGet();
      long end = System.nanoTime();
      String model = ctx.response().headers().get(Headers.SERVED_MODEL);
      String m = model == null ? "none" : model;
      Timer.builder("switchboard_request_duration").description("Inference request latency, to the last byte")
          .tags("endpoint", endpoint.label(), "model", m, "status", Integer.toString(ctx.response().getStatusCode()))
          .publishPercentileHistogram().register(registry).record(Duration.ofNanos(end - started));
      if (firstByte[0] > 0) {
        Timer.builder("switchboard_time_to_first_byte").description("Inference request time to first byte")
            .tags("endpoint", endpoint.label(), "model", m).publishPercentileHistogram().register(registry)
            .record(Duration.ofNanos(firstByte[0] - started));
      }
    });
  }

  /** An attempt that failed over to another target. */
  void failedOver(Route route, Binding b, String reason) {
    Counter.builder("switchboard_failover_total").description("Attempts that failed over to another target")
        .tags("alias", route.isAlias() ? route.name() : "", "provider", b.provider().name(), "model",
            b.model().name(), "reason", reason)
        .register(registry).increment();
  }

  /** The Prometheus text; target gauges are registered for any alias added since the last scrape. */
  public String scrape() {
    for (Alias a : catalog.get().aliases()) {
      for (Route r : catalog.get().route(a.name()).stream().toList()) {
        for (Binding b : r.bindings()) {
          String alias = a.name();
          long id = b.model().id();
          Gauge.builder("switchboard_target_up", () -> up(alias, id))
              .description("1 when the target may serve its alias (up or recovering), 0 when down")
              .tags("alias", alias, "target", b.model().name()).register(registry);
        }
      }
    }
    return registry.scrape();
  }

  private double up(String alias, long modelId) {
    Route r = catalog.get().route(alias).orElse(null);
    if (r == null) {
      return Double.NaN;
    }
    return router.health().eligible(new TargetKey(alias, modelId), router.settings(r)) ? 1 : 0;
  }
}
