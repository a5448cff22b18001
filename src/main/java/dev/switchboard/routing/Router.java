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
  private final Map<String, Selection> selectors = new ConcurrentHashMap<>();

  /** A selector with the alias version it was made for; a changed alias gets a fresh one. */
  private record Selection(long aliasId, String rule, java.time.Instant updatedAt, Rule.Selector selector) {}

  public Router(HealthBoard health, TargetStats stats, RandomGenerator random, HealthSettings defaults) {
    this.health = health;
    this.stats = stats;
    this.random = random;
    this.defaults = defaults;
  }

  public HealthBoard health() {
    return health;
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
    List<Binding> ordered = available.size() < 2 ? available : selector(route.alias()).order(available);
    return arrange(route, stick(ordered, stickyModel));
  }

  /** One line per target: where a request would take it now, and why. */
  public List<PlanStep> explain(Route route, Long stickyModel) {
    List<Binding> available = route.bindings().stream().filter(Binding::available).toList();
    Rule.Selector selector = available.size() < 2 ? null : selector(route.alias());
    List<Binding> ordered = stick(selector == null ? available : selector.preview(available), stickyModel);
    Plan plan = arrange(route, ordered);
    List<PlanStep> steps = new ArrayList<>();
    for (int i = 0; i < plan.targets().size(); i++) {
      Binding b = plan.targets().get(i);
      TargetState s = health.state(plan.key(b));
      String why = stickyModel != null && b.model().id() == stickyModel ? "the session's target"
          : selector == null ? "only available target" : selector.why(b, ordered.indexOf(b) + 1);
      String cooling = s.coolingDown(health.now()) ? "cooling down until " + s.downUntil() + " (" + s.lastError()
          + "); tried only after the healthy targets" : null;
      steps.add(new PlanStep(b, i + 1, s, cooling == null ? why : why + "; " + cooling));
    }
    for (Binding b : route.bindings()) {
      if (!b.available()) {
        steps.add(new PlanStep(b, 0, health.state(plan.key(b)), "skipped: " + b.unavailableReason()));
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

  private Plan arrange(Route route, List<Binding> ordered) {
    Alias alias = route.alias();
    HealthSettings settings = alias == null || alias.cooldownSeconds() == null ? defaults
        : defaults.withCooldown(Duration.ofSeconds(alias.cooldownSeconds()));
    Plan draft = new Plan(route, ordered, ordered.isEmpty() ? null : ordered.getFirst(), false, 1, 0, settings);
    List<Binding> healthy = new ArrayList<>(ordered.size());
    List<Binding> cooling = new ArrayList<>();
    for (Binding b : ordered) {
      (health.coolingDown(draft.key(b)) ? cooling : healthy).add(b);
    }
    boolean degraded = healthy.isEmpty() && !cooling.isEmpty();
    healthy.addAll(cooling);
    int maxAttempts = alias == null ? 1 : Math.max(1, alias.maxAttempts());
    int retries = alias == null ? 0 : alias.retries();
    return new Plan(route, healthy, draft.ruleFirst(), degraded, maxAttempts, retries, settings);
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
