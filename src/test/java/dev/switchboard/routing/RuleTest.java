package dev.switchboard.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.Capabilities;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.ModelKind;
import dev.switchboard.catalog.Prices;
import dev.switchboard.catalog.Provider;
import dev.switchboard.catalog.Secret;
import dev.switchboard.catalog.Target;
import dev.switchboard.catalog.Timeouts;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class RuleTest {

  static final Provider P = new Provider(1, "p", "openai", "http://127.0.0.1:1/v1", Secret.NONE, Map.of(),
      Timeouts.INHERIT, true, "api", Instant.EPOCH, Instant.EPOCH);

  static Binding target(long id, int position, int weight, Prices prices) {
    Model m = new Model(id, "m" + id, 1, "up", ModelKind.CHAT, Timeouts.INHERIT, true, "api", Instant.EPOCH,
        Instant.EPOCH, prices, Capabilities.UNKNOWN);
    return new Binding(m, P, new Target(id, position, weight));
  }

  static Alias alias(String rule, double inWeight, double outWeight) {
    return new Alias(1, "al", null, null, List.of(), rule, 3, 0, false, true, "api", Instant.EPOCH, Instant.EPOCH,
        null, inWeight, outWeight, 3600);
  }

  static List<Long> ids(List<Binding> bs) {
    return bs.stream().map(b -> b.model().id()).toList();
  }

  @Test
  void failoverKeepsTheListedOrderAndFirstAvailableIsASynonym() {
    List<Binding> listed = List.of(target(1, 1, 1, null), target(2, 2, 1, null));
    assertEquals(Rule.FAILOVER, Rule.of("first_available"));
    assertEquals(List.of(1L, 2L), ids(Rule.FAILOVER.selector(alias("failover", 1, 1), new TargetStats(),
        new SplittableRandom(1)).order(listed)));
  }

  @Test
  void roundRobinOverFourRequestsGivesTwoEach() {
    List<Binding> listed = List.of(target(1, 1, 1, null), target(2, 2, 1, null));
    Rule.Selector s = Rule.ROUND_ROBIN.selector(alias("round_robin", 1, 1), new TargetStats(), new SplittableRandom(1));
    Map<Long, Integer> firsts = new HashMap<>();
    for (int i = 0; i < 4; i++) {
      List<Binding> order = s.order(listed);
      assertEquals(2, order.size(), "every target is in every plan");
      firsts.merge(order.getFirst().model().id(), 1, Integer::sum);
    }
    assertEquals(Map.of(1L, 2, 2L, 2), firsts);
  }

  @Test
  void roundRobinPreviewDoesNotTakeATurn() {
    List<Binding> listed = List.of(target(1, 1, 1, null), target(2, 2, 1, null));
    Rule.Selector s = Rule.ROUND_ROBIN.selector(alias("round_robin", 1, 1), new TargetStats(), new SplittableRandom(1));
    assertEquals(ids(s.preview(listed)), ids(s.preview(listed)));
    assertEquals(ids(s.preview(listed)), ids(s.order(listed)));
  }

  @Test
  void weightedThreeToOneWithinThreePercentOver4000Draws() {
    List<Binding> listed = List.of(target(1, 1, 3, null), target(2, 2, 1, null));
    Rule.Selector s = Rule.WEIGHTED.selector(alias("weighted", 1, 1), new TargetStats(), new SplittableRandom(42));
    int first = 0;
    for (int i = 0; i < 4000; i++) {
      List<Binding> order = s.order(listed);
      assertEquals(2, order.size());
      if (order.getFirst().model().id() == 1) {
        first++;
      }
    }
    double share = first / 4000.0;
    assertTrue(Math.abs(share - 0.75) <= 0.03, "share of the weight-3 target: " + share);
  }

  @Test
  void leastBusyPutsFewestInFlightFirstAndTiesKeepListedOrder() {
    TargetStats stats = new TargetStats();
    List<Binding> listed = List.of(target(1, 1, 1, null), target(2, 2, 1, null), target(3, 3, 1, null));
    stats.begin(1);
    stats.begin(1);
    stats.begin(2);
    Rule.Selector s = Rule.LEAST_BUSY.selector(alias("least_busy", 1, 1), stats, new SplittableRandom(1));
    assertEquals(List.of(3L, 2L, 1L), ids(s.order(listed)));
    stats.end(1);
    stats.end(1);
    assertEquals(List.of(1L, 3L, 2L), ids(s.order(listed)));
  }

  @Test
  void cheapestUsesWeightedListPricesAndPutsUnpricedLast() {
    List<Binding> listed = List.of(
        target(1, 1, 1, null),
        target(2, 2, 1, new Prices(3.0, 15.0, null, "USD")),
        target(3, 3, 1, new Prices(10.0, 2.0, null, "USD")),
        target(4, 4, 1, new Prices(null, null, 0.04, "USD")));
    assertEquals(List.of(4L, 3L, 2L, 1L), ids(Rule.CHEAPEST.selector(alias("cheapest", 1, 1), new TargetStats(),
        new SplittableRandom(1)).order(listed)));
    // Input-heavy traffic: input weighs 10, output 1 → 3*10+15=45 beats 10*10+2=102.
    assertEquals(List.of(4L, 2L, 3L, 1L), ids(Rule.CHEAPEST.selector(alias("cheapest", 10, 1), new TargetStats(),
        new SplittableRandom(1)).order(listed)));
  }

  @Test
  void lowestLatencyTriesTargetsWithNoDataAsIfFastest() {
    TargetStats stats = new TargetStats();
    List<Binding> listed = List.of(target(1, 1, 1, null), target(2, 2, 1, null), target(3, 3, 1, null));
    stats.sampleTtfb(1, 300);
    stats.sampleTtfb(2, 100);
    assertEquals(List.of(3L, 2L, 1L), ids(Rule.LOWEST_LATENCY.selector(alias("lowest_latency", 1, 1), stats,
        new SplittableRandom(1)).order(listed)));
  }
}
