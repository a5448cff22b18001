package dev.switchboard.routing;

import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.Catalog;
import dev.switchboard.catalog.Route;
import dev.switchboard.health.Failure;
import dev.switchboard.health.HealthBoard;
import dev.switchboard.health.HealthSettings;
import dev.switchboard.health.TargetKey;
import dev.switchboard.health.TargetState;
import dev.switchboard.health.TargetStatus;
import dev.switchboard.protocol.Bytes;
import dev.switchboard.protocol.Endpoint;
import dev.switchboard.protocol.JsonScan;
import dev.switchboard.protocol.OpenAiResponse;
import dev.switchboard.upstream.Cancellation;
import dev.switchboard.upstream.ModelLister;
import dev.switchboard.upstream.Upstream;
import dev.switchboard.upstream.UpstreamCall;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Active health checks (DESIGN §6). Each tick looks at every target of every alias and probes the ones that
 * are due by the injected clock:
 *
 * <ul>
 *   <li>an idle target that is up: the provider's model list must name the upstream model, every
 *       {@code probe.interval} (±15 %) — a successful real request counts as such a check, so busy targets are
 *       rarely probed;
 *   <li>a down target past its cooldown: a small real request (a one-token completion, or the model's
 *       {@code probe_request}); {@code recovery.probes} passes in a row bring it to {@code recovering}.
 * </ul>
 *
 * Probes go around the ledger and every quota: they are the gateway's own traffic, never billed usage. The
 * prober lives beside the attempt loop rather than in {@code health} because it needs the upstream client and the
 * classifier, and health must not depend on them.
 */
public final class Prober {

  private final Supplier<Catalog> catalog;
  private final Router router;
  private final HealthBoard health;
  private final Function<String, Upstream> upstreams;
  private final ModelLister lister;
  private final RandomGenerator random;
  private final Set<TargetKey> inFlight = ConcurrentHashMap.newKeySet();

  public Prober(Supplier<Catalog> catalog, Router router, Function<String, Upstream> upstreams, ModelLister lister,
      RandomGenerator random) {
    this.catalog = catalog;
    this.router = router;
    this.health = router.health();
    this.upstreams = upstreams;
    this.lister = lister;
    this.random = random;
  }

  /** Sends every probe that is due now; the future completes when they have all answered. */
  public Future<Void> tick() {
    List<Future<?>> probes = new ArrayList<>();
    Instant now = health.now();
    for (Route route : catalog.get().routes()) {
      if (!route.isAlias() || route.bindings().isEmpty()) {
        continue;
      }
      HealthSettings settings = router.settings(route);
      if (!settings.probeEnabled()) {
        continue;
      }
      Plan keys = new Plan(route, List.of(), null, false, 1, 0, settings);
      for (Binding b : route.bindings()) {
        if (!b.available()) {
          continue;
        }
        TargetKey key = keys.key(b);
        TargetState s = health.state(key);
        Future<?> probe = due(s, now, settings) ? probe(key, b, s, settings) : null;
        if (probe != null) {
          probes.add(probe);
        }
      }
    }
    return Future.join(probes).mapEmpty();
  }

  private boolean due(TargetState s, Instant now, HealthSettings settings) {
    if (s.status() == TargetStatus.DOWN && s.coolingDown(now)) {
      return false;
    }
    Instant last = latest(s.lastProbeAt(), s.status() == TargetStatus.UP ? s.lastCheckAt() : null);
    if (last == null) {
      return true;
    }
    // ±15 % so that many targets probed together drift apart.
    double spread = 0.85 + 0.30 * random.nextDouble();
    return !now.isBefore(last.plusMillis(Math.round(settings.probeInterval().toMillis() * spread)));
  }

  private static Instant latest(Instant a, Instant b) {
    return a == null ? b : b == null || a.isAfter(b) ? a : b;
  }

  private Future<?> probe(TargetKey key, Binding b, TargetState s, HealthSettings settings) {
    if (!inFlight.add(key)) {
      return null;
    }
    health.probed(key);
    long timeout = settings.probeTimeout().toMillis();
    Future<Boolean> check = s.status() == TargetStatus.UP
        ? lister.lists(b.provider(), b.model().upstreamModel(), timeout)
        : completion(b, timeout);
    return check.andThen(ar -> {
      inFlight.remove(key);
      if (ar.succeeded() && ar.result()) {
        health.success(key, settings);
      } else {
        String reason = ar.succeeded() ? "probe: model not listed or not answered"
            : "probe: " + Classifier.ofException(ar.cause()).reason();
        health.failure(key, new Failure(reason, -1, false), settings);
      }
    });
  }

  /** A one-token completion (or the model's own probe body): passes on a 2xx that is a result. */
  private Future<Boolean> completion(Binding b, long timeout) {
    String body = b.model().probeRequest() != null ? b.model().probeRequest()
        : "{\"model\":\"x\",\"max_tokens\":1,\"messages\":[{\"role\":\"user\",\"content\":\"ping\"}]}";
    Buffer bytes;
    try {
      JsonScan.Result scan = JsonScan.scan(Bytes.utf8(body), 0, Bytes.utf8(body).length, Set.of("model"), Set.of());
      JsonScan.Field m = scan.field("model");
      byte[] raw = Bytes.utf8(body);
      bytes = m == null ? Buffer.buffer(raw) : Bytes.splice(raw, m.start(), m.end(),
          Bytes.quoted(b.model().upstreamModel()));
    } catch (JsonScan.MalformedJson e) {
      return Future.succeededFuture(false);
    }
    Duration t = Duration.ofMillis(timeout);
    UpstreamCall call = new UpstreamCall("probe", b.provider(), b.model(), Endpoint.CHAT, bytes, false,
        new dev.switchboard.catalog.Timeouts(t, t, t, t), t, new Cancellation());
    return upstreams.apply(b.provider().kind()).send(call).map(reply -> {
      if (!Classifier.ofStatus(reply.status(), reply.headers(), reply.body()).ok()) {
        return false;
      }
      try {
        return !OpenAiResponse.rewrite(reply.body().getBytes(), b.model().name()).error();
      } catch (JsonScan.MalformedJson e) {
        return false;
      }
    });
  }
}
