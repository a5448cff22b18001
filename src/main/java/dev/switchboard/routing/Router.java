package dev.switchboard.routing;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.Route;
import dev.switchboard.health.HealthBoard;
import dev.switchboard.health.HealthSettings;
import dev.switchboard.health.TargetState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.random.RandomGenerator;

/**
 * Turns a route into a plan: the available targets, ordered by the alias's rule, with targets that are
 * cooling down moved to the end. Pins and stickiness will wrap the same method.
 */
public final class Router {

  private final HealthBoard health;
  private final TargetStats stats;
  private final RandomGenerator random;
  private final HealthSettings defaults;
  private final AliasTracker tracker;
  private final Map<String, Selection> selectors = new ConcurrentHashMap<>();

  /** A selector with the alias version it was made for; a changed alias gets a fresh one. */
  private record Selection(long aliasId, String rule, java.time.Instant updatedAt, Rule.Selector selector) {}

  public Router(HealthBoard health, TargetStats stats, RandomGenerator random, HealthSettings defaults) {
    this.tracker = new AliasTracker(health);
    this.health = health;
    this.stats = stats;
    this.random = random;
    this.defaults = defaults;
  }

  public HealthBoard health() {
    return health;
  }

  public AliasTracker tracker() {
    return tracker;
  }

  /** The health settings in force for a route: the gateway's, the alias's own over them. */
  public HealthSettings settings(Route route) {
    Alias alias = route.alias();
    if (alias == null) {
      return defaults;
    }
    HealthSettings s = defaults.over(alias.health());
    return alias.cooldownSeconds() == null ? s : s.withCooldown(Duration.ofSeconds(alias.cooldownSeconds()));
  }

  public Plan plan(Route route) {
    return plan(route, null);
  }

  /**
   * The plan for a request; {@code stickyModel} is the model the caller's session stuck to, or {@code null}.
   * Order: session, then the rule; targets cooling down go last whatever put them first.
   */
  public Plan plan(Route route, Long stickyModel) {
    List<Binding> available = route.bindings().stream().filter(Binding::available).toList();
    Binding pinned = pinned(route, available);
    if (pinned != null || (route.alias() != null && route.alias().pinnedModelId() != null)) {
      // An operator's pin: only the pinned target serves (none, if it is not available).
      List<Binding> only = pinned == null ? List.of() : List.of(pinned);
      return new Plan(route, only, pinned, false, 1 + (route.alias() == null ? 0 : route.alias().retries()),
          route.alias() == null ? 0 : route.alias().retries(), settings(route));
    }
    List<Binding> ordered = available.size() < 2 ? available : selector(route.alias()).order(available);
    return arrange(route, stick(ordered, stickyModel));
  }

  /** One line per target: where a request would take it now, and why. */
  public List<PlanStep> explain(Route route, Long stickyModel) {
    List<Binding> available = route.bindings().stream().filter(Binding::available).toList();
    Binding pinned = pinned(route, available);
    Rule.Selector selector = available.size() < 2 || pinned != null ? null : selector(route.alias());
    List<Binding> ordered = pinned != null ? List.of(pinned)
        : stick(selector == null ? available : selector.preview(available), stickyModel);
    Plan plan = pinned != null ? plan(route, stickyModel) : arrange(route, ordered);
    List<PlanStep> steps = new ArrayList<>();
    for (int i = 0; i < plan.targets().size(); i++) {
      Binding b = plan.targets().get(i);
      TargetState s = health.state(plan.key(b));
      String why = pinned != null ? "pinned by an operator"
          : stickyModel != null && b.model().id() == stickyModel ? "the session's target"
          : selector == null ? "only available target" : selector.why(b, ordered.indexOf(b) + 1);
      String cooling = s.coolingDown(health.now()) ? "cooling down until " + s.downUntil() + " (" + s.lastError()
          + "); tried only after the healthy targets"
          : !s.eligible(health.now(), plan.health()) ? "down, waiting for recovery probes (" + s.lastError()
              + "); tried only after the healthy targets" : null;
      steps.add(new PlanStep(b, i + 1, s, cooling == null ? why : why + "; " + cooling));
    }
    for (Binding b : route.bindings()) {
      if (!b.available()) {
        steps.add(new PlanStep(b, 0, health.state(plan.key(b)), "skipped: " + b.unavailableReason()));
      } else if (pinned != null && b != pinned) {
        steps.add(new PlanStep(b, 0, health.state(plan.key(b)), "skipped: the alias is pinned to "
            + pinned.model().name()));
      }
    }
    return steps;
  }

  /** A target's place in the explained plan ({@code 0} when it is not tried) and the reason. */
  public record PlanStep(Binding binding, int place, TargetState state, String reason) {}

  private static List<Binding> stick(List<Binding> ordered, Long stickyModel) {
    if (stickyModel == null || ordered.size() < 2) {
      return ordered;
    }
    List<Binding> out = new ArrayList<>(ordered.size());
    for (Binding b : ordered) {
      if (b.model().id() == stickyModel) {
        out.addFirst(b);
      } else {
        out.add(b);
      }
    }
    return out;
  }

  private static Binding pinned(Route route, List<Binding> available) {
    Long pin = route.alias() == null ? null : route.alias().pinnedModelId();
    return pin == null ? null : available.stream().filter(b -> b.model().id() == pin).findFirst().orElse(null);
  }

  private Plan arrange(Route route, List<Binding> ordered) {
    Alias alias = route.alias();
    HealthSettings settings = settings(route);
    Plan draft = new Plan(route, ordered, ordered.isEmpty() ? null : ordered.getFirst(), false, 1, 0, settings);
    List<Binding> healthy = new ArrayList<>(ordered.size());
    List<Binding> down = new ArrayList<>();
    for (Binding b : ordered) {
      (health.eligible(draft.key(b), settings) ? healthy : down).add(b);
    }
    boolean degraded = healthy.isEmpty() && !down.isEmpty();
    if (alias != null && Rule.of(alias.rule()) == Rule.FAILOVER) {
      dwell(draft, healthy, settings);
    }
    healthy.addAll(down);
    int maxAttempts = alias == null ? 1 : Math.max(1, alias.maxAttempts());
    int retries = alias == null ? 0 : alias.retries();
    return new Plan(route, healthy, draft.ruleFirst(), degraded, maxAttempts, retries, settings);
  }

  /**
   * Fail-back with dwell (failover rule): a higher target that has only just recovered waits behind the active
   * fallback until that one has served for {@code min_dwell}. No flapping.
   */
  private void dwell(Plan draft, List<Binding> healthy, HealthSettings settings) {
    AliasTracker.Active active = tracker.active(draft.route().name()).orElse(null);
    if (active == null || active.since().plus(settings.minDwell()).isBefore(health.now())) {
      return;
    }
    int at = -1;
    for (int i = 0; i < healthy.size(); i++) {
      if (healthy.get(i).model().id() == active.modelId()) {
        at = i;
      }
    }
    if (at <= 0) {
      return;
    }
    List<Binding> waiting = new ArrayList<>();
    for (int i = 0; i < at; i++) {
      if (health.state(draft.key(healthy.get(i))).status() == dev.switchboard.health.TargetStatus.RECOVERING) {
        waiting.add(healthy.get(i));
      }
    }
    healthy.removeAll(waiting);
    int after = healthy.indexOf(healthy.stream().filter(b -> b.model().id() == active.modelId()).findFirst()
        .orElseThrow());
    healthy.addAll(after + 1, waiting);
  }

  private Rule.Selector selector(Alias alias) {
    Selection s = selectors.compute(alias.name(), (name, old) ->
        old != null && old.aliasId() == alias.id() && old.rule().equals(alias.rule())
            && java.util.Objects.equals(old.updatedAt(), alias.updatedAt()) ? old
            : new Selection(alias.id(), alias.rule(), alias.updatedAt(),
                Rule.of(alias.rule()).selector(alias, stats, random)));
    return s.selector();
  }
}
