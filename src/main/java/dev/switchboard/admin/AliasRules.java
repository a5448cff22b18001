package dev.switchboard.admin;

import dev.switchboard.catalog.Catalog;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.ModelKind;
import dev.switchboard.catalog.Provider;
import dev.switchboard.catalog.Target;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** How an alias's targets and rule are checked against the current catalog (DESIGN §9 refusal codes). */
final class AliasRules {

  static final Set<String> RULES =
      Set.of("failover", "first_available", "round_robin", "weighted", "least_busy", "cheapest", "lowest_latency");
  static final int MAX_TARGETS = 16;

  private AliasRules() {}

  static String rule(String rule) {
    if (!RULES.contains(rule)) {
      throw AdminError.bad("unknown_route_rule", "Unknown rule '" + rule + "'; use one of " + RULES + ".", "rule");
    }
    return rule;
  }

  /** The targets named by {@code target} or {@code targets}, resolved and checked, in listed order. */
  static List<Target> targets(Fields f, Catalog catalog) {
    if (f.has("target") && f.has("targets")) {
      throw AdminError.bad("invalid_value", "Give either 'target' or 'targets', not both.", "targets");
    }
    JsonArray raw = f.has("target") ? new JsonArray().add(f.string("target", null)) : f.array("targets");
    if (raw == null || raw.isEmpty()) {
      throw AdminError.bad("missing_field", "An alias needs 'target' or a non-empty 'targets' list.", "targets");
    }
    if (raw.size() > MAX_TARGETS) {
      throw AdminError.bad("too_many_targets", "An alias has at most " + MAX_TARGETS + " targets.", "targets");
    }
    List<Target> out = new ArrayList<>(raw.size());
    Set<Long> seen = new HashSet<>();
    ModelKind kind = null;
    for (int i = 0; i < raw.size(); i++) {
      Object entry = raw.getValue(i);
      String name;
      int weight = 1;
      if (entry instanceof String s) {
        name = s;
      } else if (entry instanceof JsonObject o) {
        Fields tf = new Fields(o, Set.of("model", "weight"));
        name = tf.requiredString("model");
        weight = tf.integer("weight", 1, 1, 1000);
      } else {
        throw AdminError.bad("invalid_type", "Each target is a model name or {model, weight}.", "targets");
      }
      Model m = model(catalog, name);
      if (!seen.add(m.id())) {
        throw AdminError.bad("alias_duplicate_target", "Model '" + name + "' is listed twice.", "targets");
      }
      if (kind != null && m.kind() != kind) {
        throw AdminError.bad("alias_kind_mismatch", "All targets must have one kind: '" + name + "' is "
            + m.kind().wire() + ", the first is " + kind.wire() + ".", "targets");
      }
      kind = m.kind();
      out.add(new Target(m.id(), i + 1, weight));
    }
    return out;
  }

  private static Model model(Catalog catalog, String name) {
    if (catalog.alias(name).isPresent()) {
      throw AdminError.bad("alias_target_is_alias", "'" + name + "' is an alias; targets must be models.",
          "targets");
    }
    Model m = catalog.model(name).orElseThrow(() ->
        AdminError.bad("unknown_target", "No model named '" + name + "'.", "targets"));
    if (!m.active()) {
      throw AdminError.bad("alias_target_inactive", "Model '" + name + "' is inactive.", "targets");
    }
    Provider p = catalog.provider(m.providerId()).orElseThrow();
    if (!p.active()) {
      throw AdminError.bad("alias_target_provider_inactive", "The provider of '" + name + "' ('" + p.name()
          + "') is inactive.", "targets");
    }
    return m;
  }
}
