package dev.switchboard.routing;

import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.Route;
import java.util.List;

/**
 * The ordered, finite list of targets for one request, computed once; each target appears at most once.
 *
 * @param maxAttempts how many upstream calls the request may make in all
 */
public record Plan(Route route, List<Binding> targets, int maxAttempts) {

  public Plan {
    targets = List.copyOf(targets);
  }

  public boolean isEmpty() {
    return targets.isEmpty();
  }
}
