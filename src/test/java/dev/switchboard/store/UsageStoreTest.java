package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(60)
class UsageStoreTest {
  @TempDir Path dir;

  static UsageRow failed(String requestId, Instant at) {
    return new UsageRow(0, requestId, at, "/v1/chat/completions", 7L, "ci", "fast", 11L, "m-primary", 3L,
        "primary", 1, true, "timeout", null, "timeout", 0, 0, null, null, 30_001, null, true);
  }

  static UsageRow served(String requestId, Instant at) {
    return new UsageRow(0, requestId, at, "/v1/chat/completions", null, null, null, 12L, "m-backup", 4L,
        "backup", null, false, "ok", 200, null, 120, 45, 0.00123, "USD", 812, 95L, false);
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void insertBatch_thenRecentNewestFirstWithEveryColumn(Backend backend) {
    try (Database db = backend.open(dir)) {
      UsageStore usage = new UsageStore(db);
      Instant t = Fixtures.T0;
      usage.insertBatch(List.of(failed("r1", t), served("r1", t), served("r2", t.plusSeconds(5))));
      usage.insertBatch(List.of(served("r0", t.minusSeconds(60))));
      usage.insertBatch(List.of());

      assertEquals(4, usage.count());
      List<UsageRow> recent = usage.recent(3);
      assertEquals(List.of("r2", "r1", "r1"), recent.stream().map(UsageRow::requestId).toList());
      // Same time: the later insert comes first.
      assertEquals("ok", recent.get(1).status());
      assertEquals("timeout", recent.get(2).status());

      UsageRow f = recent.get(2);
      assertEquals(withId(failed("r1", t), f.id()), f);
      UsageRow s = recent.get(1);
      assertEquals(withId(served("r1", t), s.id()), s);
      assertEquals(4, usage.recent(100).size());
    }
  }

  private static UsageRow withId(UsageRow r, long id) {
    return new UsageRow(id, r.requestId(), r.createdAt(), r.endpoint(), r.keyId(), r.keyName(), r.requestedModel(),
        r.modelId(), r.servedModel(), r.providerId(), r.provider(), r.routeAttempt(), r.failedOver(), r.status(),
        r.httpStatus(), r.errorClass(), r.inputTokens(), r.outputTokens(), r.cost(), r.currency(), r.latencyMs(),
        r.ttfbMs(), r.stream());
  }
}
