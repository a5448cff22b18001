package dev.switchboard.routing;

import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.Route;
import dev.switchboard.health.HealthSettings;
import dev.switchboard.health.TargetKey;
import java.util.List;

/**
 * The ordered, finite list of targets for one request, computed once; each target appears at most once.
 *
 * @param targets the order the attempts take: the rule's order, targets cooling down moved to the end
 * @param ruleFirst the target the rule put first (serving from another one is a fallback)
 * @param degraded true when every target was cooling down: they are tried anyway, in rule order
 * @param maxAttempts how many upstream calls the request may make in all, retries included
 * @param retries extra attempts on the same target for transient failures
 */
public record Plan(Route route, List<Binding> targets, Binding ruleFirst, boolean degraded, int maxAttempts,
    int retries, HealthSettings health) {

  public Plan {
    targets = List.copyOf(targets);
  }

  public boolean isEmpty() {
    return targets.isEmpty();
  }

  /** The health key of a target as used by this request's route. */
  public TargetKey key(Binding b) {
    return new TargetKey(route.isAlias() ? route.name() : "", b.model().id());
  }
}
