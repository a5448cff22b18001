package dev.switchboard.mock;

import java.util.List;

/**
 * How to start a mock upstream: where it listens, the name its replies carry, the models it lists
 * and the behaviour it starts with (and returns to on {@code POST /mock/reset}).
 *
 * @param host the address to bind
 * @param port the port to bind; 0 picks a free one (see {@link MockUpstream#port()})
 * @param name the name in every reply's content, {@code "Hello from NAME"}
 * @param models the models {@code GET /v1/models} lists before any request names another
 * @param behavior the start-up behaviour
 */
public record MockOptions(
    String host, int port, String name, List<String> models, MockBehavior behavior) {

  static final List<String> DEFAULT_MODELS =
      List.of("mock-model", "gpt-4o-mini", "text-embedding-3-small");

  public MockOptions {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("host is required");
    }
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("port must be 0..65535, was " + port);
    }
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("name is required");
    }
    models = List.copyOf(models);
    if (behavior == null) {
      throw new IllegalArgumentException("behavior is required");
    }
  }

  /** 127.0.0.1 on a random port, named {@code mock}, answering {@code ok}. */
  public static MockOptions defaults() {
    return new MockOptions("127.0.0.1", 0, "mock", DEFAULT_MODELS, MockBehavior.ok());
  }

  public MockOptions withHost(String value) {
    return new MockOptions(value, port, name, models, behavior);
  }

  public MockOptions withPort(int value) {
    return new MockOptions(host, value, name, models, behavior);
  }

  public MockOptions withName(String value) {
    return new MockOptions(host, port, value, models, behavior);
  }

  public MockOptions withModels(List<String> value) {
    return new MockOptions(host, port, name, value, behavior);
  }

  public MockOptions withBehavior(MockBehavior value) {
    return new MockOptions(host, port, name, models, value);
  }
}
