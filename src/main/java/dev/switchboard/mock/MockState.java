package dev.switchboard.mock;

import java.time.Clock;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** Everything one mock upstream remembers; shared by its handlers, safe to read from any thread. */
final class MockState {
  final MockOptions options;
  final Counters counters = new Counters();
  final Clock clock;
  private final AtomicReference<MockBehavior> behavior;
  private final AtomicReference<LastRequest> lastRequest = new AtomicReference<>();
  private final AtomicLong ids = new AtomicLong();
  private final Set<String> models;

  MockState(MockOptions options, Clock clock) {
    this.options = options;
    this.clock = clock;
    this.behavior = new AtomicReference<>(options.behavior());
    this.models = new CopyOnWriteArraySet<>(options.models());
  }

  String content() {
    return "Hello from " + options.name();
  }

  MockBehavior behavior() {
    return behavior.get();
  }

  void setBehavior(MockBehavior value) {
    behavior.set(value);
  }

  /** Back to how the mock started: counters zeroed, start-up behaviour, no last request. */
  void reset() {
    counters.reset();
    behavior.set(options.behavior());
    lastRequest.set(null);
  }

  LastRequest lastRequest() {
    return lastRequest.get();
  }

  void recordRequest(LastRequest request) {
    lastRequest.set(request);
  }

  /** Remembers a requested model so {@code GET /v1/models} lists every model callers used. */
  void sawModel(String model) {
    models.add(model);
  }

  Set<String> models() {
    return models;
  }

  String nextId(Endpoint endpoint) {
    return endpoint.idPrefix + "mock-" + ids.incrementAndGet();
  }
}
