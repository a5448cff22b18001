package dev.switchboard.routing;

import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.Route;
import java.util.List;

/**
 * Turns a route into a plan. Today the order is the listed order of the available targets; selection rules,
 * stickiness, pins and health ordering wrap this one method.
 */
public final class Router {

  public Plan plan(Route route) {
    List<Binding> available = route.bindings().stream().filter(Binding::available).toList();
    return new Plan(route, available, Math.max(1, route.maxAttempts()));
  }
}
