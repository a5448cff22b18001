package dev.switchboard.routing;

import dev.switchboard.catalog.Binding;
import dev.switchboard.health.HealthBoard;
import dev.switchboard.health.HealthEvent;
import dev.switchboard.health.TargetState;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which target is serving each alias with two or more targets, and since when — the basis of fail-back dwell
 * and of {@code alias.switched} events.
 */
public final class AliasTracker {

  /** The target that served the alias's latest request. */
  public record Active(long modelId, String model, int position, Instant since) {}

  private final Map<String, Active> active = new ConcurrentHashMap<>();
  private final HealthBoard health;

  public AliasTracker(HealthBoard health) {
    this.health = health;
  }

  public Optional<Active> active(String alias) {
    return Optional.ofNullable(active.get(alias));
  }

  /** Records who served; a change of target is published with its cause. */
  public void served(Plan plan, Binding served) {
    if (!plan.route().isAlias() || plan.route().bindings().size() < 2 || served.target() == null) {
      return;
    }
    if (Rule.of(plan.route().alias().rule()) != Rule.FAILOVER && plan.route().alias().pinnedModelId() == null) {
      return; // spreading rules move between targets by design: that is not a switch
    }
    String alias = plan.route().name();
    Instant now = health.now();
    Active next = new Active(served.model().id(), served.model().name(), served.target().position(), now);
    Active recorded = active.get(alias);
    if (recorded != null && recorded.modelId() == next.modelId()) {
      return;
    }
    if (!(recorded == null ? active.putIfAbsent(alias, next) == null : active.replace(alias, recorded, next))) {
      return; // another request recorded the same switch first
    }
    // Before the first answer the alias is taken to be on its rule's first target.
    Binding first = plan.ruleFirst();
    Active before = recorded != null ? recorded : first == null || first.target() == null ? null
        : new Active(first.model().id(), first.model().name(), first.target().position(), now);
    if (before == null || before.modelId() == next.modelId()) {
      return;
    }
    Long pin = plan.route().alias().pinnedModelId();
    String cause;
    String reason;
    if (pin != null && pin == next.modelId()) {
      cause = "pinned";
      reason = "pinned by an operator";
    } else if (next.position() < before.position()) {
      cause = "failback";
      reason = before.model() + " -> " + next.model() + ": " + next.model() + " recovered";
    } else {
      TargetState was = health.state(plan.key(plan.route().bindings().stream()
          .filter(b -> b.model().id() == before.modelId()).findFirst().orElse(served)));
      cause = "failover";
      reason = before.model() + " -> " + next.model() + ": " + (was.lastError() == null ? "not available"
          : was.lastError());
    }
    String state = plan.degraded() ? "degraded" : next.position() == 1 ? "healthy" : "fallback";
    health.events().publish(new HealthEvent.AliasSwitched(now, alias, before.model(), next.model(), state, cause,
        reason));
  }
}
