package dev.switchboard.store;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One sticky session (DESIGN §5): the model that last served {@code keyHash} through {@code aliasName}, until
 * {@code expiresAt}; instants are kept to the millisecond, as stored.
 *
 * @param keyHash {@link SecretBox#hmac} of caller and session key, never the raw key
 * @param renewedAt when the window was last slid, so that renewal is written at most once per half window
 */
public record SessionRow(String aliasName, String keyHash, long modelId, Instant expiresAt, Instant renewedAt) {
  public SessionRow {
    Objects.requireNonNull(aliasName, "aliasName");
    Objects.requireNonNull(keyHash, "keyHash");
    expiresAt = expiresAt.truncatedTo(ChronoUnit.MILLIS);
    renewedAt = renewedAt.truncatedTo(ChronoUnit.MILLIS);
  }
}
