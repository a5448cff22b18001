package dev.switchboard.protocol;

/** The OpenAI-compatible inference endpoints, each with its upstream path and the body field it requires. */
public enum Endpoint {
  CHAT("/chat/completions", "messages", true),
  COMPLETIONS("/completions", "prompt", true),
  EMBEDDINGS("/embeddings", "input", false);

  private final String path;
  private final String requiredField;
  private final boolean streams;

  Endpoint(String path, String requiredField, boolean streams) {
    this.path = path;
    this.requiredField = requiredField;
    this.streams = streams;
  }

  /** The path below the provider's base URL, e.g. {@code /chat/completions}. */
  public String path() {
    return path;
  }

  public String requiredField() {
    return requiredField;
  }

  public boolean streams() {
    return streams;
  }

  /** The short name used in the ledger and metrics. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
