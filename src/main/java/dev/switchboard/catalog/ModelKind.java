package dev.switchboard.catalog;

import java.util.Locale;
import java.util.Optional;

/** What a model does; an alias's targets all share one kind. */
public enum ModelKind {
  CHAT,
  EMBEDDING,
  IMAGE,
  TRANSCRIPTION,
  SPEECH;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<ModelKind> parse(String s) {
    for (ModelKind k : values()) {
      if (k.wire().equals(s)) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }
}
