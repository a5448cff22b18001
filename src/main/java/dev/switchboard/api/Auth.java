package dev.switchboard.api;

import dev.switchboard.access.Caller;
import dev.switchboard.access.KeyRing;
import io.vertx.core.http.HttpServerRequest;
import java.util.Optional;

/** Reads the caller's key from {@code Authorization: Bearer} or {@code x-api-key}. */
final class Auth {

  private final KeyRing keys;

  Auth(KeyRing keys) {
    this.keys = keys;
  }

  Optional<Caller> caller(HttpServerRequest request) {
    String auth = request.getHeader("authorization");
    String key = null;
    if (auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
      key = auth.substring(7).trim();
    } else if (request.getHeader("x-api-key") != null) {
      key = request.getHeader("x-api-key").trim();
    }
    return keys.authenticate(key);
  }
}
