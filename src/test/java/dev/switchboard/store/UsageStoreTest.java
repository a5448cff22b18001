package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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

  /** One attempt with what the usage report reads; the rest is constant. */
  static UsageRow attempt(String requestId, Instant at, String requestedModel, String servedModel, String provider,
      boolean failedOver, String status, long in, long out, Double cost, String currency) {
    return new UsageRow(0, requestId, at, "/v1/chat/completions", 1L, "k", requestedModel, null, servedModel, null,
        provider, null, failedOver, status, null, null, in, out, cost, currency, 10, null, false);
  }

  /** Rows at T0, T0+10s and T0+20s covering every column of the report. */
  static List<UsageRow> reportRows() {
    Instant t0 = Fixtures.T0;
    Instant t1 = t0.plusSeconds(10);
    Instant t2 = t0.plusSeconds(20);
    return List.of(
        // r1 via alias "fast": times out on m-a, fails over to m-b.
        attempt("r1", t0, "fast", "m-a", "pa", true, "timeout", 10, 0, 0.001, "USD"),
        attempt("r1", t0, "fast", "m-b", "pb", false, "ok", 30, 40, 0.5, "EUR"),
        attempt("r2", t0, null, "m-a", "pa", false, "ok", 100, 20, 0.01, "USD"),
        attempt("r3", t1, "fast", "m-a", "pa", false, "ok", 50, 5, null, null),
        attempt("r4", t1, null, "m-a", "pa", false, "upstream_error", 7, 0, 0.0, "USD"),
        attempt("r5", t2, null, "m-b", "pb", false, "ok", 1, 2, 0.25, "USD"),
        attempt("r6", t2, null, "m-a", "pz", false, "ok", 3, 4, 0.02, "USD"),
        attempt("r7", t2, null, "m-c", "pc", false, "ok", 5, 6, null, null),
        attempt("r8", t2, "nope", null, null, false, "client_error", 0, 0, null, null));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void usageByModel_countsRequestsAttemptsErrorsAndViaAlias(Backend backend) {
    try (Database db = backend.open(dir)) {
      UsageStore usage = new UsageStore(db);
      usage.insertBatch(reportRows());

      List<ModelUsage> all = usage.usageByModel(null, null);
      assertEquals(5, all.size());
      ModelUsage a = all.get(0);
      assertEquals(new ModelUsage("m-a", "pa", 3, 4, 2, 1, 167, 25, a.cost(), "USD"), a);
      assertEquals(0.011, a.cost(), 1e-12, "a failed attempt costs what it used");
      ModelUsage az = all.get(1);
      assertEquals(new ModelUsage("m-a", "pz", 1, 1, 0, 0, 3, 4, az.cost(), "USD"), az);
      ModelUsage b = all.get(2);
      assertEquals(new ModelUsage("m-b", "pb", 2, 2, 0, 1, 31, 42, b.cost(), null), b);
      assertEquals(0.75, b.cost(), 1e-12);
      assertEquals(new ModelUsage("m-c", "pc", 1, 1, 0, 0, 5, 6, null, null), all.get(3));
      assertEquals(new ModelUsage(null, null, 1, 1, 1, 1, 0, 0, null, null), all.get(4), "no served model: last");
      assertEquals(reportRows().size(), all.stream().mapToLong(ModelUsage::attempts).sum());
      assertEquals(8, all.stream().mapToLong(ModelUsage::requests).sum(), "one per request");
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void usageByModel_timeRange_includesFromAndExcludesTo(Backend backend) {
    try (Database db = backend.open(dir)) {
      UsageStore usage = new UsageStore(db);
      usage.insertBatch(reportRows());
      Instant t1 = Fixtures.T0.plusSeconds(10);
      Instant t2 = Fixtures.T0.plusSeconds(20);

      List<ModelUsage> middle = usage.usageByModel(t1, t2);
      assertEquals(List.of(new ModelUsage("m-a", "pa", 2, 2, 1, 1, 57, 5, 0.0, "USD")), middle);

      List<ModelUsage> untilT1 = usage.usageByModel(null, t1);
      assertEquals(List.of("m-a", "m-b"), untilT1.stream().map(ModelUsage::servedModel).toList());
      assertEquals(new ModelUsage("m-a", "pa", 1, 2, 1, 0, 110, 20, untilT1.get(0).cost(), "USD"), untilT1.get(0));

      List<ModelUsage> fromT2 = usage.usageByModel(t2, null);
      assertEquals(4, fromT2.size());
      assertEquals("m-a", fromT2.get(0).servedModel());
      assertEquals("pz", fromT2.get(0).provider());

      assertEquals(List.of(), usage.usageByModel(t2.plusSeconds(1), null));
      assertEquals(List.of(), usage.usageByModel(t1, t1), "an empty range");
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void usageByModel_emptyLedger_isEmpty(Backend backend) {
    try (Database db = backend.open(dir)) {
      assertEquals(List.of(), new UsageStore(db).usageByModel(null, null));
    }
  }

  private static UsageRow withId(UsageRow r, long id) {
    return new UsageRow(id, r.requestId(), r.createdAt(), r.endpoint(), r.keyId(), r.keyName(), r.requestedModel(),
        r.modelId(), r.servedModel(), r.providerId(), r.provider(), r.routeAttempt(), r.failedOver(), r.status(),
        r.httpStatus(), r.errorClass(), r.inputTokens(), r.outputTokens(), r.cost(), r.currency(), r.latencyMs(),
        r.ttfbMs(), r.stream());
  }
}
