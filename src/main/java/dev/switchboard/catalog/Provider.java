package dev.switchboard.catalog;

import java.time.Instant;
import java.util.Map;

/**
 * An upstream endpoint: where to send, with which credential, headers and limits.
 *
 * @param kind {@code openai} (any OpenAI-compatible server) for now; later {@code anthropic} and others
 * @param baseUrl http(s) URL ending before the endpoint path, e.g. {@code http://127.0.0.1:9001/v1}
 * @param source {@code api} or {@code config} (created by the catalog file)
 */
public record Provider(
    long id,
    String name,
    String kind,
    String baseUrl,
    Secret apiKey,
    Map<String, String> headers,
    Timeouts timeouts,
    boolean active,
    String source,
    Instant createdAt,
    Instant updatedAt) {

  public Provider {
    headers = Map.copyOf(headers);
  }
}
