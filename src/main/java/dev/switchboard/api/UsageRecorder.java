package dev.switchboard.api;

import dev.switchboard.access.Caller;
import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.Route;
import dev.switchboard.ledger.Ledger;
import dev.switchboard.ledger.UsageEvent;
import dev.switchboard.protocol.Endpoint;
import dev.switchboard.protocol.Usage;
import dev.switchboard.routing.AttemptLog;
import java.time.Clock;
import java.util.List;
import java.util.stream.Collectors;

/** Turns a request's attempts into ledger rows: one per attempt, the last one counted as the request. */
final class UsageRecorder {

  private final Ledger ledger;
  private final Metrics metrics;
  private final Clock clock;
  private final String requestId;
  private final Endpoint endpoint;
  private final Caller caller;
  private final Route route;
  private final boolean stream;

  UsageRecorder(Ledger ledger, Metrics metrics, Clock clock, String requestId, Endpoint endpoint, Caller caller, Route route,
      boolean stream) {
    this.ledger = ledger;
    this.metrics = metrics;
    this.clock = clock;
    this.requestId = requestId;
    this.endpoint = endpoint;
    this.caller = caller;
    this.route = route;
    this.stream = stream;
  }

  /** Attempts that were followed by another one. */
  void failedOver(List<AttemptLog> attempts) {
    attempts.forEach(a -> row(a, true, null));
  }

  /** Every attempt failed: the last one stands for the request. */
  void exhausted(List<AttemptLog> attempts) {
    for (int i = 0; i < attempts.size(); i++) {
      row(attempts.get(i), i < attempts.size() - 1, null);
    }
  }

  /** The attempt that answered, as far as the answer went. */
  void finished(AttemptLog last, Usage usage) {
    if (last != null) {
      row(last, false, usage);
    }
  }

  /** A relayed stream's attempt once the stream is over. */
  void streamed(Binding served, int routeAttempt, String status, String errorClass, Usage usage,
      long latencyMs, long ttfbMs) {
    record(served, routeAttempt, false, status, 200, errorClass, usage, latencyMs, ttfbMs);
  }

  private void row(AttemptLog a, boolean failedOver, Usage usage) {
    if (failedOver) {
      metrics.failedOver(route, a.binding(), a.verdict().failureClass().ledgerStatus());
    }
    record(a.binding(), a.routeAttempt(), failedOver, a.verdict().failureClass().ledgerStatus(),
        a.httpStatus(), a.verdict().reason(), usage, a.latencyMs(), a.ttfbMs());
  }

  private void record(Binding served, int routeAttempt, boolean failedOver, String status, int httpStatus,
      String errorClass, Usage usage, long latencyMs, long ttfbMs) {
    boolean multi = route.isAlias() && route.bindings().size() > 1;
    Usage u = usage == null ? Usage.NONE : usage;
    long in = Math.max(0, u.input());
    long out = Math.max(0, u.output());
    // Priced at the model that served this attempt; a failed attempt used nothing and costs nothing.
    Double cost = served.model().prices().cost(in, out);
    ledger.record(new UsageEvent(
        requestId,
        clock.instant(),
        endpoint.label(),
        caller == null ? null : caller.keyId(),
        caller == null ? null : caller.keyName(),
        route.isAlias() ? route.name() : null,
        served.model().id(),
        served.model().name(),
        served.provider().id(),
        served.provider().name(),
        multi ? routeAttempt : null,
        failedOver,
        status,
        httpStatus == 0 ? null : httpStatus,
        errorClass,
        in,
        out,
        cost,
        cost == null ? null : served.model().prices().currencyOrDefault(),
        latencyMs,
        ttfbMs < 0 ? null : ttfbMs,
        stream));
  }

  /** "a: timeout 30001ms, b: rate_limited" — the attempts in order, for the log line. */
  static String describe(List<AttemptLog> attempts) {
    return attempts.stream()
        .map(a -> a.binding().model().name() + ": " + a.verdict().failureClass().ledgerStatus()
            + (a.verdict().reason() == null ? "" : " (" + a.verdict().reason() + ")") + " " + a.latencyMs() + "ms")
        .collect(Collectors.joining(", "));
  }
}
