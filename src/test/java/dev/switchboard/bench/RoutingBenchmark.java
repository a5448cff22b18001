package dev.switchboard.bench;

import dev.switchboard.access.ApiKeys;
import dev.switchboard.access.Caller;
import dev.switchboard.access.KeyRing;
import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.ApiKey;
import dev.switchboard.catalog.Catalog;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.ModelKind;
import dev.switchboard.catalog.Provider;
import dev.switchboard.catalog.Route;
import dev.switchboard.catalog.Secret;
import dev.switchboard.catalog.Target;
import dev.switchboard.catalog.Timeouts;
import dev.switchboard.health.HealthBoard;
import dev.switchboard.health.HealthSettings;
import dev.switchboard.routing.Plan;
import dev.switchboard.routing.Router;
import dev.switchboard.routing.TargetStats;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Per-request lookups before the first upstream byte: the caller's key, the requested name, and the plan for a
 * model and for a three-target alias under each ordering rule.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RoutingBenchmark {

  Catalog catalog;
  Router router;
  Route model;
  Route failover;
  Route weighted;
  Route leastBusy;
  KeyRing keys;
  String presentedKey;

  @Setup
  public void setUp() {
    List<Provider> providers = new ArrayList<>();
    List<Model> models = new ArrayList<>();
    for (int p = 1; p <= 3; p++) {
      providers.add(new Provider(p, "p" + p, "openai", "http://127.0.0.1:900" + p + "/v1", Secret.of("sk-up-" + p),
          Map.of(), Timeouts.INHERIT, true, "api", Instant.EPOCH, Instant.EPOCH));
      for (int m = 1; m <= 4; m++) {
        long id = p * 10L + m;
        models.add(new Model(id, "m" + id, p, "gpt-4o-mini", ModelKind.CHAT, Timeouts.INHERIT, true, "api",
            Instant.EPOCH, Instant.EPOCH));
      }
    }
    List<Target> targets = List.of(new Target(11, 1, 3), new Target(21, 2, 1), new Target(31, 3, 1));
    List<Alias> aliases = List.of(alias(1, "fast", "failover", targets), alias(2, "spread", "weighted", targets),
        alias(3, "busy", "least_busy", targets));
    catalog = new Catalog(providers, models, aliases);
    model = catalog.route("m11").orElseThrow();
    failover = catalog.route("fast").orElseThrow();
    weighted = catalog.route("spread").orElseThrow();
    leastBusy = catalog.route("busy").orElseThrow();
    router = new Router(new HealthBoard(Clock.systemUTC(), () -> 0.5), new TargetStats(), new SplittableRandom(7),
        HealthSettings.DEFAULTS);

    keys = new KeyRing();
    List<ApiKey> ring = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      String k = ApiKeys.generate();
      if (i == 42) {
        presentedKey = k;
      }
      ring.add(new ApiKey(i, "k" + i, ApiKeys.digest(k), ApiKeys.visiblePrefix(k), true, "api", Instant.EPOCH));
    }
    keys.replace(ring);
  }

  static Alias alias(long id, String name, String rule, List<Target> targets) {
    return new Alias(id, name, null, null, targets, rule, 3, 0, false, true, "api", Instant.EPOCH, Instant.EPOCH);
  }

  @Benchmark
  public Optional<Caller> keyLookup() {
    return keys.authenticate(presentedKey);
  }

  @Benchmark
  public Optional<Route> nameLookup() {
    return catalog.route("fast");
  }

  @Benchmark
  public Plan planModel() {
    return router.plan(model);
  }

  @Benchmark
  public Plan planFailoverAlias() {
    return router.plan(failover);
  }

  @Benchmark
  public Plan planWeightedAlias() {
    return router.plan(weighted);
  }

  @Benchmark
  public Plan planLeastBusyAlias() {
    return router.plan(leastBusy);
  }
}
