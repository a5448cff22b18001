package dev.switchboard.access;

import dev.switchboard.catalog.ApiKey;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The active caller keys, in memory, looked up by digest and compared in constant time; swapped whole when
 * keys change so authentication never touches the database.
 */
public final class KeyRing {

  private final AtomicReference<Map<String, ApiKey>> byDigest = new AtomicReference<>(Map.of());

  public void replace(List<ApiKey> keys) {
    Map<String, ApiKey> next = new HashMap<>();
    for (ApiKey k : keys) {
      if (k.active()) {
        next.put(HexFormat.of().formatHex(k.digest()), k);
      }
    }
    byDigest.set(Map.copyOf(next));
  }

  /** The caller for a presented key; empty for an unknown or revoked one (callers can't tell which). */
  public Optional<Caller> authenticate(String presented) {
    if (presented == null || presented.isEmpty()) {
      return Optional.empty();
    }
    byte[] digest = ApiKeys.digest(presented);
    ApiKey k = byDigest.get().get(HexFormat.of().formatHex(digest));
    if (k == null || !MessageDigest.isEqual(k.digest(), digest)) {
      return Optional.empty();
    }
    return Optional.of(new Caller(k.id(), k.name()));
  }
}
