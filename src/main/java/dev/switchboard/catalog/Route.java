package dev.switchboard.catalog;

import java.util.List;

/**
 * What a requested name resolves to: a model (one binding, no alias) or an alias with its bindings in listed
 * order. Built once per snapshot, so resolving a name on the request path is one map lookup.
 *
 * @param alias the alias, or {@code null} when the name is a model
 */
public record Route(String name, Alias alias, List<Binding> bindings) {

  public Route {
    bindings = List.copyOf(bindings);
  }

  public boolean isAlias() {
    return alias != null;
  }

  public boolean available() {
    return (alias == null || alias.active()) && bindings.stream().anyMatch(Binding::available);
  }

  public ModelKind kind() {
    return bindings.isEmpty() ? null : bindings.getFirst().model().kind();
  }

  public int maxAttempts() {
    return alias == null ? 1 : alias.maxAttempts();
  }

  public boolean hideTargets() {
    return alias != null && alias.hideTargets();
  }
}
