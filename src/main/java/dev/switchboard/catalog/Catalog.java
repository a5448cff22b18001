package dev.switchboard.catalog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable snapshot of providers, models and aliases, with every name resolved ahead of time. Writers
 * build a new snapshot and swap it in through {@link CatalogHolder}; readers never lock.
 */
public final class Catalog {

  public static final Catalog EMPTY = new Catalog(List.of(), List.of(), List.of());

  private final Map<Long, Provider> providers = new LinkedHashMap<>();
  private final Map<Long, Model> models = new LinkedHashMap<>();
  private final Map<String, Alias> aliases = new LinkedHashMap<>();
  private final Map<String, Route> routes = new HashMap<>();

  public Catalog(Collection<Provider> providers, Collection<Model> models, Collection<Alias> aliases) {
    providers.forEach(p -> this.providers.put(p.id(), p));
    models.forEach(m -> this.models.put(m.id(), m));
    aliases.forEach(a -> this.aliases.put(a.name(), a));
    for (Model m : models) {
      Provider p = this.providers.get(m.providerId());
      if (p != null) {
        routes.put(m.name(), new Route(m.name(), null, List.of(new Binding(m, p, null))));
      }
    }
    for (Alias a : aliases) {
      List<Binding> bindings = new ArrayList<>(a.targets().size());
      for (Target t : a.targets()) {
        Model m = this.models.get(t.modelId());
        Provider p = m == null ? null : this.providers.get(m.providerId());
        if (p != null) {
          bindings.add(new Binding(m, p, t));
        }
      }
      routes.put(a.name(), new Route(a.name(), a, bindings));
    }
  }

  /** The route for a requested name, whether or not it is available. */
  public Optional<Route> route(String name) {
    return Optional.ofNullable(routes.get(name));
  }

  public Collection<Provider> providers() {
    return providers.values();
  }

  public Collection<Model> models() {
    return models.values();
  }

  public Collection<Alias> aliases() {
    return aliases.values();
  }

  public Optional<Provider> provider(long id) {
    return Optional.ofNullable(providers.get(id));
  }

  public Optional<Provider> provider(String name) {
    return providers.values().stream().filter(p -> p.name().equals(name)).findFirst();
  }

  public Optional<Model> model(long id) {
    return Optional.ofNullable(models.get(id));
  }

  public Optional<Model> model(String name) {
    Route r = routes.get(name);
    return r == null || r.isAlias() ? Optional.empty() : Optional.of(r.bindings().getFirst().model());
  }

  public Optional<Alias> alias(String name) {
    return Optional.ofNullable(aliases.get(name));
  }

  /** Every alias with a target on this model. */
  public List<Alias> aliasesTargeting(long modelId) {
    return aliases.values().stream()
        .filter(a -> a.targets().stream().anyMatch(t -> t.modelId() == modelId))
        .toList();
  }

  /** True when a model or an alias already has this name. */
  public boolean nameTaken(String name) {
    return routes.containsKey(name) || aliases.containsKey(name);
  }

  /** Routes in name order, for listings. */
  public List<Route> routes() {
    return routes.values().stream().sorted(java.util.Comparator.comparing(Route::name)).toList();
  }
}
