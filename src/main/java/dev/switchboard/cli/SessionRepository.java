package dev.switchboard.cli;

import dev.switchboard.routing.Stickiness;
import dev.switchboard.store.SessionRow;
import dev.switchboard.store.SessionStore;
import java.time.Instant;
import java.util.List;

/** Stickiness's durable side, on the session table. */
final class SessionRepository implements Stickiness.Repository {

  private final SessionStore store;

  SessionRepository(SessionStore store) {
    this.store = store;
  }

  @Override
  public void save(Stickiness.Sticky s) {
    store.upsert(List.of(new SessionRow(s.alias(), s.keyHash(), s.modelId(), s.expiresAt(), s.renewedAt())));
  }

  @Override
  public List<Stickiness.Sticky> active(Instant now) {
    return store.active(now).stream()
        .map(r -> new Stickiness.Sticky(r.aliasName(), r.keyHash(), r.modelId(), r.expiresAt(), r.renewedAt()))
        .toList();
  }

  @Override
  public void purgeExpired(Instant now) {
    store.purgeExpired(now);
  }
}
