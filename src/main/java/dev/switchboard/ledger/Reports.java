package dev.switchboard.ledger;

import dev.switchboard.store.AuditRow;
import dev.switchboard.store.AuditStore;
import dev.switchboard.store.ModelUsage;
import dev.switchboard.store.UsageRow;
import dev.switchboard.store.UsageStore;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/** Read views of the ledger and the audit trail for the admin API (blocking: call from a virtual thread). */
public final class Reports {

  /** The request columns, in the order of both the JSON objects and the CSV. */
  private static final List<Column> COLUMNS = List.of(
      new Column("request_id", UsageRow::requestId),
      new Column("created_at", r -> r.createdAt().toString()),
      new Column("requested_model", UsageRow::requestedModel),
      new Column("served_model", UsageRow::servedModel),
      new Column("provider", UsageRow::provider),
      new Column("route_attempt", UsageRow::routeAttempt),
      new Column("failed_over", UsageRow::failedOver),
      new Column("status", UsageRow::status),
      new Column("http_status", UsageRow::httpStatus),
      new Column("error_class", UsageRow::errorClass),
      new Column("input_tokens", UsageRow::inputTokens),
      new Column("output_tokens", UsageRow::outputTokens),
      new Column("latency_ms", UsageRow::latencyMs),
      new Column("ttfb_ms", UsageRow::ttfbMs),
      new Column("stream", UsageRow::stream),
      new Column("endpoint", UsageRow::endpoint),
      new Column("key_name", UsageRow::keyName));

  private record Column(String name, Function<UsageRow, Object> value) {}

  private final UsageStore usage;
  private final AuditStore audit;

  public Reports(UsageStore usage, AuditStore audit) {
    this.usage = usage;
    this.audit = audit;
  }

  /** The newest {@code limit} attempts, newest first. */
  public JsonArray requests(int limit) {
    JsonArray out = new JsonArray();
    for (UsageRow r : usage.recent(limit)) {
      JsonObject o = new JsonObject();
      COLUMNS.forEach(c -> o.put(c.name(), c.value().apply(r)));
      out.add(o);
    }
    return out;
  }

  /** The same rows as CSV, with an {@code attempt} column (the route attempt, 1 for a direct call). */
  public String requestsCsv(int limit) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.join(",", COLUMNS.stream().map(Column::name).toList())).append(",attempt\r\n");
    for (UsageRow r : usage.recent(limit)) {
      for (Column c : COLUMNS) {
        sb.append(csv(c.value().apply(r))).append(',');
      }
      sb.append(r.routeAttempt() == null ? 1 : r.routeAttempt()).append("\r\n");
    }
    return sb.toString();
  }

  /**
   * Usage summed over {@code [from, to)} (either bound may be {@code null}), one object per served model and
   * provider: {@code model, provider, requests, attempts, errors, via_alias, input_tokens, output_tokens, cost,
   * currency}.
   *
   * @param groupBy only {@code model} is supported
   * @throws IllegalArgumentException for any other {@code groupBy}
   */
  public JsonArray usage(String groupBy, Instant from, Instant to) {
    if (!"model".equals(groupBy)) {
      throw new IllegalArgumentException("cannot group usage by '" + groupBy + "': the only grouping is 'model'");
    }
    JsonArray out = new JsonArray();
    for (ModelUsage u : usage.usageByModel(from, to)) {
      out.add(new JsonObject()
          .put("model", u.servedModel())
          .put("provider", u.provider())
          .put("requests", u.requests())
          .put("attempts", u.attempts())
          .put("errors", u.errors())
          .put("via_alias", u.viaAlias())
          .put("input_tokens", u.inputTokens())
          .put("output_tokens", u.outputTokens())
          .put("cost", u.cost())
          .put("currency", u.currency()));
    }
    return out;
  }

  public JsonArray audit(int limit) {
    JsonArray out = new JsonArray();
    for (AuditRow a : audit.recent(limit)) {
      out.add(new JsonObject()
          .put("id", a.id())
          .put("created_at", a.createdAt().toString())
          .put("actor", a.actor())
          .put("action", a.action())
          .put("subject", a.subject())
          .put("details", new JsonObject(a.detailsJson())));
    }
    return out;
  }

  /** RFC 4180 quoting; a leading formula character is neutralised so spreadsheets do not evaluate it. */
  private static String csv(Object v) {
    if (v == null) {
      return "";
    }
    String s = v.toString();
    if (!s.isEmpty() && "=+-@".indexOf(s.charAt(0)) >= 0 && !(v instanceof Number)) {
      s = "'" + s;
    }
    if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
      return '"' + s.replace("\"", "\"\"") + '"';
    }
    return s;
  }
}
