package dev.switchboard.store;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.ApiKey;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.Provider;
import dev.switchboard.catalog.Secret;
import dev.switchboard.catalog.Target;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads and writes the catalog (providers, models, aliases, keys); each write and its audit row commit together.
 *
 * <p>A record with id 0 is inserted, any other id updates that row. Every save returns the row as stored,
 * with its id and timestamps (milliseconds). Writes fail with {@link DuplicateNameException},
 * {@link NotFoundException}, {@link InUseException} or {@link StoreException}, and then nothing is written.
 */
public final class CatalogStore {
  private final Database db;
  private final SecretBox box;
  private final Clock clock;

  public CatalogStore(Database db, SecretBox box) {
    this(db, box, Clock.systemUTC());
  }

  public CatalogStore(Database db, SecretBox box, Clock clock) {
    this.db = Objects.requireNonNull(db);
    this.box = Objects.requireNonNull(box);
    this.clock = Objects.requireNonNull(clock);
  }

  /** Every catalog row from one snapshot; a credential that cannot be decrypted loads as unreadable. */
  public CatalogRows load() {
    return db.snapshot(
        c -> new CatalogRows(ProviderRows.all(c, box), ModelRows.all(c), AliasRows.all(c), KeyRows.all(c)));
  }

  /**
   * Inserts or updates a provider. Its credential is sealed; on update an {@link Secret#unreadable() unreadable}
   * credential keeps the stored ciphertext unchanged.
   */
  public Provider saveProvider(Provider p, Audit audit) {
    Objects.requireNonNull(audit);
    Secret secret = p.apiKey() == null ? Secret.NONE : p.apiKey();
    if (p.id() == 0 && secret.unreadable()) {
      throw new IllegalArgumentException("a new provider cannot have an unreadable credential: " + p.name());
    }
    String sealed = secret.present() ? box.seal(secret.value()) : null;
    Instant now = clock.instant();
    return write(
        p.name(),
        c -> {
          long id = p.id();
          if (id == 0) {
            id = ProviderRows.insert(c, p, sealed, now);
          } else if (!ProviderRows.update(c, p, /* keepKey= */ secret.unreadable(), sealed, now)) {
            throw new NotFoundException("provider", id);
          }
          AuditRows.insert(c, audit, now);
          return ProviderRows.byId(c, box, id).orElseThrow();
        });
  }

  /** Deletes a provider that no model uses; otherwise {@link InUseException} names the models. */
  public void deleteProvider(long id, Audit audit) {
    Objects.requireNonNull(audit);
    Instant now = clock.instant();
    db.transaction(
        c -> {
          String name = ProviderRows.name(c, id).orElseThrow(() -> new NotFoundException("provider", id));
          List<String> models = ProviderRows.modelsUsing(c, id);
          if (!models.isEmpty()) {
            throw new InUseException(name, models);
          }
          ProviderRows.delete(c, id);
          AuditRows.insert(c, audit, now);
          return null;
        });
  }

  /**
   * Inserts or updates a model; its name must be free among models and aliases.
   *
   * @throws NotFoundException also when its provider does not exist
   */
  public Model saveModel(Model m, Audit audit) {
    Objects.requireNonNull(audit);
    Objects.requireNonNull(m.kind(), "model kind");
    Instant now = clock.instant();
    return write(
        m.name(),
        c -> {
          if (ProviderRows.name(c, m.providerId()).isEmpty()) {
            throw new NotFoundException("provider", m.providerId());
          }
          long id = m.id();
          if (id == 0) {
            RouteNames.claim(c, m.name(), RouteNames.MODEL);
            id = ModelRows.insert(c, m, now);
          } else {
            String old = ModelRows.name(c, id).orElseThrow(() -> new NotFoundException("model", m.id()));
            RouteNames.rename(c, old, m.name(), RouteNames.MODEL);
            ModelRows.update(c, m, now);
          }
          AuditRows.insert(c, audit, now);
          return ModelRows.byId(c, id).orElseThrow();
        });
  }

  /**
   * Deletes a model. When aliases target it: without {@code force} {@link InUseException} names them; with
   * {@code force} it is removed from their targets (the rest keep their order) in the same transaction, and
   * each changed alias gets its own {@code alias.update} audit row listing its remaining targets.
   */
  public void deleteModel(long id, boolean force, Audit audit) {
    Objects.requireNonNull(audit);
    Instant now = clock.instant();
    db.transaction(
        c -> {
          String name = ModelRows.name(c, id).orElseThrow(() -> new NotFoundException("model", id));
          Map<Long, String> aliases = AliasRows.targeting(c, id);
          if (!aliases.isEmpty() && !force) {
            throw new InUseException(name, List.copyOf(aliases.values()));
          }
          for (var alias : aliases.entrySet()) {
            List<Target> rest = AliasRows.targets(c, alias.getKey()).stream().filter(t -> t.modelId() != id).toList();
            AliasRows.replaceTargets(c, alias.getKey(), rest);
            AliasRows.touch(c, alias.getKey(), now);
            List<String> names = new ArrayList<>();
            for (Target t : rest) {
              names.add(ModelRows.name(c, t.modelId()).orElseThrow());
            }
            String details = Json.object(Map.of("targets", names, "removed", name, "reason", "target_deleted"));
            AuditRows.insert(c, new Audit(audit.actor(), "alias.update", alias.getValue(), details), now);
          }
          ModelRows.delete(c, id);
          SessionStore.forgetModel(c, id);
          RouteNames.release(c, name, RouteNames.MODEL);
          AuditRows.insert(c, audit, now);
          return null;
        });
  }

  /**
   * Inserts or updates an alias and replaces its targets, stored in the order of their positions (ties keep
   * list order) and renumbered 1..n. Its name must be free among models and aliases.
   *
   * @throws NotFoundException also when a target's model does not exist
   * @throws IllegalArgumentException when a model appears twice among the targets
   */
  public Alias saveAlias(Alias a, Audit audit) {
    Objects.requireNonNull(audit);
    List<Target> targets = new ArrayList<>(a.targets());
    targets.sort(Comparator.comparingInt(Target::position));
    Set<Long> seen = new HashSet<>();
    for (Target t : targets) {
      if (!seen.add(t.modelId())) {
        throw new IllegalArgumentException("alias " + a.name() + " lists model " + t.modelId() + " twice");
      }
    }
    Instant now = clock.instant();
    return write(
        a.name(),
        c -> {
          for (Target t : targets) {
            if (ModelRows.name(c, t.modelId()).isEmpty()) {
              throw new NotFoundException("model", t.modelId());
            }
          }
          long id = a.id();
          if (id == 0) {
            RouteNames.claim(c, a.name(), RouteNames.ALIAS);
            id = AliasRows.insert(c, a, now);
          } else {
            String old = AliasRows.name(c, id).orElseThrow(() -> new NotFoundException("alias", a.id()));
            RouteNames.rename(c, old, a.name(), RouteNames.ALIAS);
            AliasRows.update(c, a, now);
          }
          AliasRows.replaceTargets(c, id, targets);
          AuditRows.insert(c, audit, now);
          return AliasRows.byId(c, id).orElseThrow();
        });
  }

  /** Deletes an alias and its targets. */
  public void deleteAlias(long id, Audit audit) {
    Objects.requireNonNull(audit);
    Instant now = clock.instant();
    db.transaction(
        c -> {
          String name = AliasRows.name(c, id).orElseThrow(() -> new NotFoundException("alias", id));
          AliasRows.delete(c, id);
          SessionStore.forgetAlias(c, name);
          RouteNames.release(c, name, RouteNames.ALIAS);
          AuditRows.insert(c, audit, now);
          return null;
        });
  }

  /** Inserts or updates a caller key; its name and its digest must both be unused. */
  public ApiKey saveKey(ApiKey k, Audit audit) {
    Objects.requireNonNull(audit);
    Instant now = clock.instant();
    return write(
        k.name(),
        c -> {
          long id = k.id();
          if (id == 0) {
            id = KeyRows.insert(c, k, now);
          } else if (!KeyRows.update(c, k)) {
            throw new NotFoundException("key", id);
          }
          AuditRows.insert(c, audit, now);
          return KeyRows.byId(c, id).orElseThrow();
        });
  }

  public void deleteKey(long id, Audit audit) {
    Objects.requireNonNull(audit);
    Instant now = clock.instant();
    db.transaction(
        c -> {
          if (!KeyRows.delete(c, id)) {
            throw new NotFoundException("key", id);
          }
          AuditRows.insert(c, audit, now);
          return null;
        });
  }

  /** Runs a write; a unique violation (the database is the final judge of names) becomes a duplicate name. */
  private <T> T write(String name, SqlWork<T> work) {
    try {
      return db.transaction(work);
    } catch (StoreException e) {
      if (Sql.uniqueViolation(e.getCause())) {
        throw new DuplicateNameException(name, e.getCause());
      }
      throw e;
    }
  }
}
