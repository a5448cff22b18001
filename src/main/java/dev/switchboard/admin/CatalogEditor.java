package dev.switchboard.admin;

import dev.switchboard.access.ApiKeys;
import dev.switchboard.access.KeyRing;
import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.ApiKey;
import dev.switchboard.catalog.Catalog;
import dev.switchboard.catalog.CatalogHolder;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.ModelKind;
import dev.switchboard.catalog.Provider;
import dev.switchboard.catalog.Secret;
import dev.switchboard.catalog.Target;
import dev.switchboard.routing.Stickiness;
import dev.switchboard.store.CatalogRows;
import dev.switchboard.store.CatalogStore;
import dev.switchboard.store.DuplicateNameException;
import dev.switchboard.store.InUseException;
import dev.switchboard.store.NotFoundException;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Every change to providers, models, aliases and keys, from the admin API and the catalog file alike:
 * validate against the current snapshot, write (with its audit row) in one transaction, then rebuild and swap
 * the snapshot. Blocking: call it from a virtual thread. Writes are serialised so that validation and write
 * see the same catalog; the database's constraints remain the final guard.
 */
public final class CatalogEditor {

  static final Set<String> PROVIDER_FIELDS =
      Set.of("name", "kind", "base_url", "api_key", "headers", "timeouts", "active");
  static final Set<String> MODEL_FIELDS = Set.of("name", "provider", "upstream_model", "kind", "timeouts", "active",
      "prices", "capabilities");
  static final Set<String> ALIAS_FIELDS = Set.of("name", "display_name", "description", "target", "targets", "rule",
      "max_attempts", "retries", "hide_targets", "active", "cooldown_seconds", "input_price_weight",
      "output_price_weight", "sticky_ttl_seconds", "health");
  static final Set<String> KEY_FIELDS = Set.of("name", "key", "active");

  private final CatalogStore store;
  private final CatalogHolder catalog;
  private final KeyRing keys;
  private final Stickiness stickiness;

  public CatalogEditor(CatalogStore store, CatalogHolder catalog, KeyRing keys, Stickiness stickiness) {
    this.store = store;
    this.catalog = catalog;
    this.keys = keys;
    this.stickiness = stickiness;
  }

  /** Reads everything from the store and swaps in a new snapshot and key ring. */
  public synchronized void reload() {
    CatalogRows rows = store.load();
    catalog.set(new Catalog(rows.providers(), rows.models(), rows.aliases()));
    keys.replace(rows.keys());
  }

  public Catalog catalog() {
    return catalog.get();
  }

  public List<ApiKey> keys() {
    return store.load().keys();
  }

  // ---- providers

  public synchronized Provider saveProvider(Provider existing, JsonObject body, String actor, String source) {
    Fields f = new Fields(body, PROVIDER_FIELDS);
    boolean create = existing == null;
    String name = create || f.has("name") ? f.name("name") : existing.name();
    String kind = ProviderRules.kind(f.string("kind", create ? "openai" : existing.kind()));
    String baseUrl = create || f.has("base_url") ? ProviderRules.baseUrl(f.requiredString("base_url"))
        : existing.baseUrl();
    Secret key = f.has("api_key") ? Secret.of(f.string("api_key", null))
        : create ? Secret.NONE : existing.apiKey();
    Provider p = new Provider(create ? 0 : existing.id(), name, kind, baseUrl, key,
        create || f.has("headers") ? ProviderRules.headers(f.object("headers")) : existing.headers(),
        create || f.has("timeouts") ? ProviderRules.timeouts(f.object("timeouts")) : existing.timeouts(),
        f.bool("active", create || existing.active()), create ? source : existing.source(), null, null);
    return write(() -> store.saveProvider(p, Audits.of(actor, create ? "provider.create" : "provider.update",
        name, body)));
  }

  public synchronized void deleteProvider(Provider p, String actor) {
    write(() -> {
      store.deleteProvider(p.id(), Audits.of(actor, "provider.delete", p.name(), null));
      return null;
    }, "provider_in_use");
  }

  // ---- models

  public synchronized Model saveModel(Model existing, JsonObject body, String actor, String source) {
    Fields f = new Fields(body, MODEL_FIELDS);
    boolean create = existing == null;
    Catalog c = catalog.get();
    String name = create || f.has("name") ? f.name("name") : existing.name();
    if ((create || !name.equals(existing.name())) && c.nameTaken(name)) {
      throw new AdminError(409, "already_exists", "The name '" + name + "' is already taken.", "name");
    }
    long providerId = create || f.has("provider")
        ? c.provider(f.requiredString("provider")).orElseThrow(() -> AdminError.bad("unknown_provider",
            "No provider named '" + f.string("provider", null) + "'.", "provider")).id()
        : existing.providerId();
    String upstream = create || f.has("upstream_model") ? f.requiredString("upstream_model")
        : existing.upstreamModel();
    String kindText = f.string("kind", create ? "chat" : existing.kind().wire());
    ModelKind kind = ModelKind.parse(kindText).orElseThrow(() -> AdminError.bad("invalid_value",
        "Unknown model kind '" + kindText + "'.", "kind"));
    if (!create && kind != existing.kind() && !c.aliasesTargeting(existing.id()).isEmpty()) {
      throw new AdminError(409, "model_in_use", "The kind of a model that aliases target cannot change.", "kind");
    }
    Model m = new Model(create ? 0 : existing.id(), name, providerId, upstream, kind,
        create || f.has("timeouts") ? ProviderRules.timeouts(f.object("timeouts")) : existing.timeouts(),
        f.bool("active", create || existing.active()), create ? source : existing.source(), null, null,
        create || f.has("prices") ? ModelRules.prices(f.object("prices")) : existing.prices(),
        create || f.has("capabilities") ? ModelRules.capabilities(f.object("capabilities"))
            : existing.capabilities());
    return write(() -> store.saveModel(m, Audits.of(actor, create ? "model.create" : "model.update", name, body)));
  }

  public synchronized void deleteModel(Model m, boolean force, String actor) {
    List<Alias> users = catalog.get().aliasesTargeting(m.id());
    if (!users.isEmpty() && !force) {
      throw new InUse("model_in_use", "Model '" + m.name() + "' is a target of " + users.size()
          + " alias(es); remove it from them first or delete with ?force=true.",
          users.stream().map(Alias::name).toList());
    }
    write(() -> {
      store.deleteModel(m.id(), force, Audits.of(actor, "model.delete", m.name(),
          new JsonObject().put("force", force).put("removed_from", users.stream().map(Alias::name).toList())));
      stickiness.forgetModel(m.id());
      return null;
    }, "model_in_use");
  }

  // ---- aliases

  public synchronized Alias saveAlias(Alias existing, JsonObject body, String actor, String source) {
    Fields f = new Fields(body, ALIAS_FIELDS);
    boolean create = existing == null;
    Catalog c = catalog.get();
    String name = create || f.has("name") ? f.name("name") : existing.name();
    if ((create || !name.equals(existing.name())) && c.nameTaken(name)) {
      throw new AdminError(409, "already_exists", "The name '" + name + "' is already taken.", "name");
    }
    List<Target> targets = create || f.has("target") || f.has("targets") ? AliasRules.targets(f, c)
        : existing.targets();
    String rule = AliasRules.rule(f.string("rule", create ? Alias.DEFAULT_RULE : existing.rule()));
    Alias a = new Alias(create ? 0 : existing.id(), name,
        f.string("display_name", create ? null : existing.displayName()),
        f.string("description", create ? null : existing.description()),
        targets, rule,
        f.integer("max_attempts", create ? Alias.DEFAULT_MAX_ATTEMPTS : existing.maxAttempts(), 1, 16),
        f.integer("retries", create ? 0 : existing.retries(), 0, 10),
        f.bool("hide_targets", !create && existing.hideTargets()),
        f.bool("active", create || existing.active()), create ? source : existing.source(), null, null,
        f.has("cooldown_seconds") ? Integer.valueOf(f.integer("cooldown_seconds", 30, 1, 86_400))
            : create ? null : existing.cooldownSeconds(),
        f.number("input_price_weight", create ? 1 : existing.inputPriceWeight(), 0, 1000),
        f.number("output_price_weight", create ? 1 : existing.outputPriceWeight(), 0, 1000),
        f.integer("sticky_ttl_seconds", create ? Alias.DEFAULT_STICKY_TTL_SECONDS : existing.stickyTtlSeconds(), 0,
            Alias.MAX_STICKY_TTL_SECONDS),
        f.has("health") ? HealthRules.parse(f.object("health")) : create ? null : existing.health(),
        create ? null : pinAfterEdit(existing, targets));
    JsonObject audit = body.copy();
    audit.remove("target");
    audit.put("targets", targets.stream().map(t -> c.model(t.modelId()).map(Model::name).orElse("?")).toList());
    return write(() -> store.saveAlias(a, Audits.of(actor, create ? "alias.create" : "alias.update", name, audit)));
  }

  /** A pin survives an edit only while its target is still one of the alias's targets. */
  private static Long pinAfterEdit(Alias existing, List<Target> targets) {
    Long pin = existing.pinnedModelId();
    return pin != null && targets.stream().anyMatch(t -> t.modelId() == pin) ? pin : null;
  }

  /** Pins an alias to one of its targets ({@code null} unpins); audited as {@code alias.pin}/{@code alias.unpin}. */
  public synchronized Alias pin(Alias alias, String targetName, String actor) {
    Long modelId = null;
    if (targetName != null) {
      Model m = catalog.get().model(targetName).orElseThrow(() -> AdminError.bad("unknown_target",
          "No model named '" + targetName + "'.", "target"));
      if (alias.targets().stream().noneMatch(t -> t.modelId() == m.id())) {
        throw AdminError.bad("unknown_target", "'" + targetName + "' is not a target of '" + alias.name() + "'.",
            "target");
      }
      modelId = m.id();
    }
    Alias pinned = alias.withPin(modelId);
    JsonObject details = new JsonObject().put("target", targetName);
    return write(() -> store.saveAlias(pinned, Audits.of(actor, targetName == null ? "alias.unpin" : "alias.pin",
        alias.name(), details)));
  }

  public synchronized void deleteAlias(Alias a, String actor) {
    write(() -> {
      store.deleteAlias(a.id(), Audits.of(actor, "alias.delete", a.name(), null));
      stickiness.forgetAlias(a.name());
      return null;
    });
  }

  // ---- keys

  /** A key as created: the stored record and the plaintext, shown this once. */
  public record CreatedKey(ApiKey key, String plaintext) {}

  public synchronized CreatedKey saveKey(ApiKey existing, JsonObject body, String actor, String source) {
    Fields f = new Fields(body, KEY_FIELDS);
    boolean create = existing == null;
    String name = create || f.has("name") ? f.name("name") : existing.name();
    String given = f.string("key", null);
    if (given != null && given.length() < 16) {
      throw AdminError.bad("invalid_value", "A supplied key must be at least 16 characters.", "key");
    }
    String plaintext = given != null ? given : create ? ApiKeys.generate() : null;
    ApiKey k = new ApiKey(create ? 0 : existing.id(), name,
        plaintext != null ? ApiKeys.digest(plaintext) : existing.digest(),
        plaintext != null ? ApiKeys.visiblePrefix(plaintext) : existing.prefix(),
        f.bool("active", create || existing.active()), create ? source : existing.source(), null);
    ApiKey saved = write(() -> store.saveKey(k, Audits.of(actor, create ? "key.create" : "key.update", name, body)));
    return new CreatedKey(saved, given == null ? plaintext : null);
  }

  public synchronized void deleteKey(ApiKey k, String actor) {
    write(() -> {
      store.deleteKey(k.id(), Audits.of(actor, "key.delete", k.name(), null));
      return null;
    });
  }

  private <T> T write(Supplier<T> work) {
    return write(work, "in_use");
  }

  private <T> T write(Supplier<T> work, String inUseCode) {
    try {
      T out = work.get();
      reload();
      return out;
    } catch (DuplicateNameException e) {
      throw new AdminError(409, "already_exists", "The name '" + e.name() + "' is already taken.", "name");
    } catch (InUseException e) {
      throw new InUse(inUseCode, e.getMessage(), e.users());
    } catch (NotFoundException e) {
      throw new AdminError(404, "not_found", e.getMessage(), null);
    }
  }

  /** A refusal because other rows still use the one being removed; lists them. */
  public static final class InUse extends RuntimeException {
    private final String code;
    private final List<String> users;

    InUse(String code, String message, List<String> users) {
      super(message, null, false, false);
      this.code = code;
      this.users = List.copyOf(users);
    }

    public String code() {
      return code;
    }

    public List<String> users() {
      return users;
    }
  }
}
