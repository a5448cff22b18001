package dev.switchboard.routing;

import dev.switchboard.catalog.Alias;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Session stickiness (DESIGN §5): a conversation stays on the target that served it.
 *
 * <p>Sessions are keyed by HMAC(server secret, caller id + session key), so no raw session id is kept and no
 * caller can reach another's session. Lookups are served from memory; the table is the source of truth that a
 * restart (and, later, another replica) reads back. Writes leave the request path on one background thread, in
 * order, and happen only when a session moves to another target or when half its window has passed — not on
 * every request.
 */
public final class Stickiness implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Stickiness.class);

  /** One session as remembered: which model served it, until when. */
  public record Sticky(String alias, String keyHash, long modelId, Instant expiresAt, Instant renewedAt) {}

  /** Where sessions are kept durably. */
  public interface Repository {
    void save(Sticky s);

    List<Sticky> active(Instant now);

    void purgeExpired(Instant now);
  }

  private final Map<String, Sticky> sessions = new ConcurrentHashMap<>();
  private final Clock clock;
  private final Function<String, String> hmac;
  private final Repository repository;
  private final ExecutorService writer = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("sessions")
      .factory());

  /** @param hmac keyed hash of a string under the server secret, as lowercase hex */
  public Stickiness(Clock clock, Function<String, String> hmac, Repository repository) {
    this.clock = clock;
    this.hmac = hmac;
    this.repository = repository;
  }

  /** Reads the unexpired sessions into memory (blocking; at start). */
  public void load() {
    Instant now = clock.instant();
    repository.purgeExpired(now);
    for (Sticky s : repository.active(now)) {
      sessions.put(id(s.alias(), s.keyHash()), s);
    }
  }

  /** The hash that identifies one caller's session; {@code null} when there is no session key. */
  public String keyHash(long callerId, String sessionKey) {
    return sessionKey == null || sessionKey.isEmpty() ? null : hmac.apply(callerId + "\n" + sessionKey);
  }

  /** The model this session stuck to, while its window lasts. */
  public Optional<Long> lookup(Alias alias, String keyHash) {
    if (keyHash == null || !alias.sticky()) {
      return Optional.empty();
    }
    Sticky s = sessions.get(id(alias.name(), keyHash));
    if (s == null || !s.expiresAt().isAfter(clock.instant())) {
      return Optional.empty();
    }
    return Optional.of(s.modelId());
  }

  /**
   * An answer with status &lt; 400 came from {@code modelId}: pin the session there (or slide its window).
   * Writes only when the target changed or half the window has passed since the last write.
   */
  public void served(Alias alias, String keyHash, long modelId) {
    if (keyHash == null || !alias.sticky()) {
      return;
    }
    Instant now = clock.instant();
    Duration window = Duration.ofSeconds(alias.stickyTtlSeconds());
    String id = id(alias.name(), keyHash);
    Sticky old = sessions.get(id);
    boolean fresh = old != null && old.modelId() == modelId && old.expiresAt().isAfter(now)
        && old.renewedAt().plus(window.dividedBy(2)).isAfter(now);
    if (fresh) {
      return;
    }
    Sticky next = new Sticky(alias.name(), keyHash, modelId, now.plus(window), now);
    sessions.put(id, next);
    write(() -> repository.save(next), "session of alias " + alias.name() + " not saved");
  }

  /** Queues a write; after {@link #close} (shutdown) the write is dropped: memory is gone with the process. */
  private void write(Runnable work, String failure) {
    try {
      writer.execute(() -> {
        try {
          work.run();
        } catch (RuntimeException e) {
          LOG.warn("{}: {}", failure, e.toString());
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException closed) {
      LOG.debug("{}: shutting down", failure);
    }
  }

  /** Drops expired sessions from memory and the table. */
  public void purge() {
    Instant now = clock.instant();
    sessions.values().removeIf(s -> !s.expiresAt().isAfter(now));
    write(() -> repository.purgeExpired(now), "expired sessions not purged");
  }

  /** Forgets every session of an alias (deleted or renamed) in memory; the table is cleared with the alias. */
  public void forgetAlias(String alias) {
    sessions.values().removeIf(s -> s.alias().equals(alias));
  }

  /** Forgets every session that stuck to a model (deleted). */
  public void forgetModel(long modelId) {
    sessions.values().removeIf(s -> s.modelId() == modelId);
  }

  public int size() {
    return sessions.size();
  }

  /** Waits for queued writes (clean shutdown). */
  @Override
  public void close() {
    writer.close();
  }

  private static String id(String alias, String keyHash) {
    return alias + '\u0000' + keyHash;
  }
}
