package dev.switchboard.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.store.AuditStore;
import dev.switchboard.store.Database;
import dev.switchboard.store.TestDatabases;
import dev.switchboard.store.UsageRow;
import dev.switchboard.store.UsageStore;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class ReportsTest {
  private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

  @TempDir Path dir;

  private static UsageRow attempt(String requestId, Instant at, String requestedModel, String servedModel,
      boolean failedOver, String status, long in, long out, Double cost) {
    return new UsageRow(0, requestId, at, "/v1/chat/completions", 1L, "k", requestedModel, 2L, servedModel, 3L, "p",
        null, failedOver, status, null, null, in, out, cost, cost == null ? null : "USD", 10, null, false);
  }

  private Reports reports(Database db) {
    UsageStore usage = new UsageStore(db);
    usage.insertBatch(List.of(
        attempt("r1", T0, "fast", "m-a", true, "rate_limited", 4, 0, null),
        attempt("r1", T0, "fast", "m-b", false, "ok", 10, 20, 0.25),
        attempt("r2", T0.plusSeconds(60), null, "m-a", false, "ok", 1, 2, 0.5)));
    return new Reports(usage, new AuditStore(db));
  }

  @Test
  void usage_byModel_givesOneObjectPerServedModel() {
    try (Database db = TestDatabases.sqlite(dir)) {
      JsonArray usage = reports(db).usage("model", null, null);

      JsonObject expectedA = new JsonObject()
          .put("model", "m-a")
          .put("provider", "p")
          .put("requests", 1L)
          .put("attempts", 2L)
          .put("errors", 1L)
          .put("via_alias", 0L)
          .put("input_tokens", 5L)
          .put("output_tokens", 2L)
          .put("cost", 0.5)
          .put("currency", "USD");
      assertEquals(2, usage.size());
      assertEquals(expectedA, usage.getJsonObject(0));
      JsonObject b = usage.getJsonObject(1);
      assertEquals("m-b", b.getString("model"));
      assertEquals(1L, b.getLong("via_alias"));
      assertEquals(0.25, b.getDouble("cost"));
    }
  }

  @Test
  void usage_timeRange_andUnpricedRows_keepNullCostAndCurrency() {
    try (Database db = TestDatabases.sqlite(dir)) {
      JsonArray usage = reports(db).usage("model", T0, T0.plusSeconds(60));

      assertEquals(2, usage.size());
      JsonObject a = usage.getJsonObject(0);
      assertEquals(1L, a.getLong("attempts"));
      assertEquals(0L, a.getLong("requests"), "the only attempt failed over");
      assertTrue(a.containsKey("cost"), "cost is present, as null");
      assertNull(a.getValue("cost"));
      assertNull(a.getValue("currency"));
      assertEquals(JsonArray.of(), reports(db).usage("model", T0.plusSeconds(61), null));
    }
  }

  @Test
  void usage_byAnythingButModel_isRefusedClearly() {
    try (Database db = TestDatabases.sqlite(dir)) {
      Reports reports = reports(db);
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> reports.usage("provider", null, null));
      assertEquals("cannot group usage by 'provider': the only grouping is 'model'", e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> reports.usage(null, null, null));
      assertThrows(IllegalArgumentException.class, () -> reports.usage("Model", null, null));
    }
  }
}
