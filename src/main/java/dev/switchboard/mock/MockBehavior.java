package dev.switchboard.mock;

import java.util.Locale;

/**
 * How the mock upstream answers inference requests: one {@link Kind} plus the knobs that shape it.
 *
 * @param kind what to do with the request
 * @param status the HTTP status sent by {@link Kind#STATUS}
 * @param body the body sent by {@link Kind#STATUS} and {@link Kind#ERROR_FIRST_EVENT} instead of an
 *     error object; {@code null} for the default error object
 * @param retryAfter seconds for the {@code Retry-After} header of {@link Kind#STATUS}; {@code null}
 *     for no header
 * @param after content chunks sent by {@link Kind#TRUNCATE} before it closes the connection
 * @param latencyMs delay before the response headers, for every kind
 * @param chunks how many content chunks a stream splits the reply into
 * @param chunkIntervalMs delay between stream events
 */
public record MockBehavior(
    Kind kind,
    int status,
    String body,
    Integer retryAfter,
    int after,
    long latencyMs,
    int chunks,
    long chunkIntervalMs) {

  static final int DEFAULT_STATUS = 500;
  static final int DEFAULT_AFTER = 1;
  static final int DEFAULT_CHUNKS = 3;

  /** The ways the mock can answer, named on the wire in lower case ({@code hang_after_headers}). */
  public enum Kind {
    OK,
    STATUS,
    RESET,
    HANG,
    HANG_AFTER_HEADERS,
    ERROR_FIRST_EVENT,
    EMPTY_STREAM,
    TRUNCATE,
    MALFORMED;

    /** The name used by the CLI and {@code PUT /mock/behavior}. */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The kind with this wire name, or {@code null} when there is none. */
    static Kind fromWireName(String name) {
      for (Kind kind : values()) {
        if (kind.wireName().equals(name)) {
          return kind;
        }
      }
      return null;
    }
  }

  public MockBehavior {
    if (kind == null) {
      throw new IllegalArgumentException("kind is required");
    }
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException("status must be 100..599, was " + status);
    }
    if (retryAfter != null && retryAfter < 0) {
      throw new IllegalArgumentException("retry_after must be >= 0, was " + retryAfter);
    }
    if (after < 0) {
      throw new IllegalArgumentException("after must be >= 0, was " + after);
    }
    if (latencyMs < 0) {
      throw new IllegalArgumentException("latency_ms must be >= 0, was " + latencyMs);
    }
    if (chunks < 1) {
      throw new IllegalArgumentException("chunks must be >= 1, was " + chunks);
    }
    if (chunkIntervalMs < 0) {
      throw new IllegalArgumentException("chunk_interval_ms must be >= 0, was " + chunkIntervalMs);
    }
  }

  /** A behaviour of this kind with every knob at its default. */
  public static MockBehavior of(Kind kind) {
    return new MockBehavior(kind, DEFAULT_STATUS, null, null, DEFAULT_AFTER, 0, DEFAULT_CHUNKS, 0);
  }

  /** Answers every request well. */
  public static MockBehavior ok() {
    return of(Kind.OK);
  }

  /** Answers every request with this HTTP status and an OpenAI-shaped error object. */
  public static MockBehavior status(int status) {
    return of(Kind.STATUS).withStatus(status);
  }

  public MockBehavior withStatus(int value) {
    return new MockBehavior(
        kind, value, body, retryAfter, after, latencyMs, chunks, chunkIntervalMs);
  }

  public MockBehavior withBody(String value) {
    return new MockBehavior(
        kind, status, value, retryAfter, after, latencyMs, chunks, chunkIntervalMs);
  }

  public MockBehavior withRetryAfter(Integer value) {
    return new MockBehavior(kind, status, body, value, after, latencyMs, chunks, chunkIntervalMs);
  }

  public MockBehavior withAfter(int value) {
    return new MockBehavior(
        kind, status, body, retryAfter, value, latencyMs, chunks, chunkIntervalMs);
  }

  public MockBehavior withLatencyMs(long value) {
    return new MockBehavior(kind, status, body, retryAfter, after, value, chunks, chunkIntervalMs);
  }

  public MockBehavior withChunks(int value) {
    return new MockBehavior(
        kind, status, body, retryAfter, after, latencyMs, value, chunkIntervalMs);
  }

  public MockBehavior withChunkIntervalMs(long value) {
    return new MockBehavior(kind, status, body, retryAfter, after, latencyMs, chunks, value);
  }
}
