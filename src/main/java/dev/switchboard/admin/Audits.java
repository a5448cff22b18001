package dev.switchboard.admin;

import dev.switchboard.store.Audit;
import io.vertx.core.json.JsonObject;

/** Audit rows for catalog changes, with secrets masked. */
final class Audits {

  private static final java.util.Set<String> SECRET_FIELDS = java.util.Set.of("api_key", "key");

  private Audits() {}

  static Audit of(String actor, String action, String subject, JsonObject changes) {
    JsonObject masked = changes == null ? new JsonObject() : changes.copy();
    for (String f : SECRET_FIELDS) {
      if (masked.containsKey(f)) {
        masked.put(f, "***");
      }
    }
    return new Audit(actor, action, subject, masked.encode());
  }
}
